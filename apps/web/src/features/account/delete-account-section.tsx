import { accountMessages, limits, type PasswordAndFactorInput } from '@adboard/shared';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { accountDataApi } from '../../lib/account-data-api';
import { useAuth } from '../auth/auth-context';
import { ReauthDialog } from './reauth-dialog';
import './account-sections.css';
import { useSay } from '../../i18n/language-context';

const text = accountMessages.deletion;

/**
 * "Delete account" (issue 27): what happens, then the app's one Dialog asks for the
 * password. Once deleted, this browser forgets the account (as Logout does) and goes
 * to the sign-in page, which the account can no longer pass.
 */
export function DeleteAccountSection() {
  const say = useSay();
  const [asking, setAsking] = useState(false);
  const { signOut } = useAuth();
  const navigate = useNavigate();

  const remove = async (body: PasswordAndFactorInput) => {
    await accountDataApi.deleteAccount(body);
    setAsking(false);
    signOut();
    toast.success(say(text.deleted), { id: 'account-deleted' });
    void navigate('/login', { replace: true });
  };

  return (
    <section
      className="account-section account-section--danger"
      aria-labelledby="delete-account-heading"
    >
      <h2 id="delete-account-heading">{say(text.heading)}</h2>
      <p className="account__intro">
        {say(text.intro({ graceDays: limits.accountErasureGraceDays }))}
      </p>
      <p className="account__intro">{say(text.refundsNote)}</p>
      <p className="card__actions card__actions--start">
        <button
          type="button"
          className="button button--danger-outline"
          onClick={() => setAsking(true)}
        >
          {say(text.open)}
        </button>
      </p>
      {asking && (
        <ReauthDialog
          title={say(text.dialogTitle)}
          body={say(text.dialogBody)}
          cancelLabel={say(text.cancel)}
          submitLabel={say(text.confirm)}
          failureMessage={say(text.failed)}
          onSubmit={remove}
          onCancel={() => setAsking(false)}
        />
      )}
    </section>
  );
}
