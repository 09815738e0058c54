import { Link } from 'react-router';
import { RegisterForm } from '../features/auth/register-form';
import { useDocumentTitle } from '../features/site/site-context';
import { ScreenCard } from '../features/ui/screen-card';
import { authScreensText, answersText } from '../i18n/areas';
import { useText } from '../i18n/language-context';

export default function RegisterScreen() {
  const answer = useText(answersText);
  const authText = useText(authScreensText);
  useDocumentTitle(authText.titles.register);
  return (
    <ScreenCard title={authText.common.createAccount}>
      <RegisterForm
        failureMessage={answer.auth.registerFailed}
        submitLabel={authText.auth.register}
      />
      <ul className="card__links">
        <li>
          {authText.auth.alreadyHaveAccount} <Link to="/login">{authText.common.logIn}</Link>
        </li>
      </ul>
    </ScreenCard>
  );
}
