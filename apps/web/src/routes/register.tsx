import { messages } from '@adboard/shared';
import { Link } from 'react-router';
import { RegisterForm } from '../features/auth/register-form';
import { useDocumentTitle } from '../features/site/site-context';
import { ScreenCard } from '../features/ui/screen-card';

export default function RegisterScreen() {
  useDocumentTitle('Register');
  return (
    <ScreenCard title={messages.screen.common.createAccount}>
      <RegisterForm failureMessage={messages.auth.registerFailed} submitLabel="Register" />
      <ul className="card__links">
        <li>
          {messages.screen.auth.alreadyHaveAccount}{' '}
          <Link to="/login">{messages.screen.common.logIn}</Link>
        </li>
      </ul>
    </ScreenCard>
  );
}
