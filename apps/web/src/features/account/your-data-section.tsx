import { accountDataFileName, accountMessages, type PasswordAndFactorInput } from '@adboard/shared';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { accountDataApi } from '../../lib/account-data-api';
import { saveJsonFile } from '../../lib/save-file';
import { ReauthDialog } from './reauth-dialog';
import './account-sections.css';
import { useSay } from '../../i18n/language-context';

const text = accountMessages.data;

/** "Your data" (issue 27): the password again, then a JSON file of everything kept. */
export function YourDataSection() {
  const say = useSay();
  const [asking, setAsking] = useState(false);

  const download = async (body: PasswordAndFactorInput) => {
    const data = await accountDataApi.export(body);
    saveJsonFile(accountDataFileName(new Date(data.exportedAt)), data);
    setAsking(false);
    toast.success(say(text.downloaded));
  };

  return (
    <section className="account-section" aria-labelledby="your-data-heading">
      <h2 id="your-data-heading">{say(text.heading)}</h2>
      <p className="account__intro">{say(text.intro)}</p>
      <p className="account__intro">{say(text.photoLinksNote)}</p>
      <p className="card__actions card__actions--start">
        <button type="button" className="button button--secondary" onClick={() => setAsking(true)}>
          {say(text.download)}
        </button>
      </p>
      {asking && (
        <ReauthDialog
          title={say(text.dialogTitle)}
          body={say(text.dialogBody)}
          cancelLabel={say(text.cancel)}
          submitLabel={say(text.downloadSubmit)}
          failureMessage={say(text.failed)}
          onSubmit={download}
          onCancel={() => setAsking(false)}
        />
      )}
    </section>
  );
}
