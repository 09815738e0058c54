import { Link, useSearchParams } from 'react-router';
import { RegisterForm } from '../features/auth/register-form';
import { useDocumentTitle } from '../features/site/site-context';
import { ErrorAlert } from '../features/ui/alert';
import { ScreenCard } from '../features/ui/screen-card';
import { authScreensText, answersText } from '../i18n/areas';
import { useText } from '../i18n/language-context';

/**
 * /completeregistration?email=&edit=: the emailed link of an anonymously posted ad.
 * Choosing a password creates the account; `edit` (the ad's edit token) attaches
 * the ad once the email is verified. When the ad's activation link already proved
 * the email, the server signs the account in at once and the form goes to /posts;
 * a bad or expired link is refused with the complete-registration message.
 */
export default function CompleteRegistrationScreen() {
  const answer = useText(answersText);
  const authText = useText(authScreensText);
  useDocumentTitle(authText.titles.completeRegistration);
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  const edit = params.get('edit')?.trim() ?? '';

  return (
    <ScreenCard title={authText.auth.completeTitle}>
      {email && edit ? (
        <>
          <p>{authText.auth.completeIntro}</p>
          <RegisterForm
            fixedEmail={email}
            token={edit}
            failureMessage={answer.auth.completeRegistrationFailed}
            submitLabel={authText.auth.completeRegistration}
          />
        </>
      ) : (
        <>
          <ErrorAlert>{answer.auth.resetBadLink}</ErrorAlert>
          <ul className="card__links">
            <li>
              <Link to="/register">{authText.common.createAccount}</Link>
            </li>
            <li>
              <Link to="/login">{authText.common.logIn}</Link>
            </li>
          </ul>
        </>
      )}
    </ScreenCard>
  );
}
