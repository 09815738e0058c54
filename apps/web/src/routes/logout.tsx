import { messages } from '@adboard/shared';
import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { useAuth } from '../features/auth/auth-context';
import { useDocumentTitle } from '../features/site/site-context';
import { Spinner } from '../features/ui/spinner';
import { api } from '../lib/api';

/** Ends the session on the server (a failure there changes nothing here), then locally. */
export default function LogoutScreen() {
  useDocumentTitle('Logging out');
  const { loggedIn, signOut } = useAuth();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    // Once only, also under StrictMode's double effects.
    if (started.current) return;
    started.current = true;
    const serverLogout = loggedIn ? api.logout().catch(() => undefined) : Promise.resolve();
    void serverLogout.then(() => {
      signOut();
      if (loggedIn) toast(messages.auth.loggedOut, { id: 'logged-out' });
      void navigate('/', { replace: true });
    });
  }, [loggedIn, signOut, navigate]);

  return <Spinner label="Logging out" />;
}
