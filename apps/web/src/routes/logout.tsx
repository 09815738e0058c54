import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { useAuth } from '../features/auth/auth-context';
import { useDocumentTitle } from '../features/site/site-context';
import { Spinner } from '../features/ui/spinner';
import { accountApi } from '../lib/account-api';
import { authScreensText, answersText } from '../i18n/areas';
import { useText } from '../i18n/language-context';

/** Ends the session on the server (a failure there changes nothing here), then locally. */
export default function LogoutScreen() {
  const answer = useText(answersText);
  const authText = useText(authScreensText);
  useDocumentTitle(authText.auth.loggingOut);
  const { loggedIn, signOut } = useAuth();
  const navigate = useNavigate();
  const started = useRef(false);
  const logout = useMutation({
    mutationFn: async (signedIn: boolean) => {
      if (signedIn) await accountApi.logout();
    },
    // Whatever the server answered, this browser forgets the session.
    onSettled: (_result, _error, signedIn) => {
      signOut();
      if (signedIn) toast(answer.auth.loggedOut, { id: 'logged-out' });
      void navigate('/', { replace: true });
    },
  });
  const { mutate } = logout;

  useEffect(() => {
    // Once only, also under StrictMode's double effects.
    if (started.current) return;
    started.current = true;
    mutate(loggedIn);
  }, [loggedIn, mutate]);

  return <Spinner label={authText.auth.loggingOut} />;
}
