import { accountMessages, type SecondFactor, type StartTotpResult } from '@adboard/shared';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../lib/api';
import { agoText } from '../../lib/relative-time';
import { secondFactorApi } from '../../lib/second-factor-api';
import { ErrorAlert } from '../ui/alert';
import { Dialog, DialogButtons } from '../ui/dialog';
import { LoadFailed } from '../ui/load-failed';
import { TextField } from '../ui/text-field';
import { useZodForm } from '../ui/use-zod-form';
import { passkeysSupported } from '../../lib/passkey-support';
import { AddPasskeyDialog } from './add-passkey-dialog';
import { ProofFields } from './proof-fields';
import { QrCode } from './qr-code';
import { proofOf, reauthFormSchema, renameFormSchema, setupFormSchema } from './reauth';
import { useRefreshSecondFactors, useSecondFactors } from './use-second-factors';
import './two-step-section.css';
import { useSay } from '../../i18n/language-context';

const text = accountMessages.twoStep;
const passkeys = accountMessages.passkeys;

type Change =
  | { kind: 'rename'; factor: SecondFactor }
  | { kind: 'remove'; factor: SecondFactor }
  | { kind: 'regenerate' }
  | { kind: 'add-passkey' };

/**
 * The account page's "Two-step sign-in" (issue 27): the authenticator apps (add with a
 * QR code or the key) and passkeys (add through the browser's prompt), each renamed
 * or removed, the recovery codes left and new ones. Every change asks for the
 * password or a current code again; recovery codes show once.
 */
export function TwoStepSection() {
  const say = useSay();
  const factors = useSecondFactors();
  const refresh = useRefreshSecondFactors();
  const [setup, setSetup] = useState<StartTotpResult | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [change, setChange] = useState<Change | null>(null);
  const headingId = useId();
  const start = useMutation({
    mutationFn: secondFactorApi.start,
    onSuccess: setSetup,
    onError: (error) => toast.error(errorMessage(error, say(text.setupGone))),
  });
  const data = factors.data;

  return (
    <section className="two-step" aria-labelledby={headingId}>
      <h2 id={headingId}>{say(text.heading)}</h2>
      <p className="account__intro">{say(text.intro)}</p>
      {factors.isError && <LoadFailed query={factors} />}
      {data && (
        <>
          {data.required && data.factors.length === 0 && (
            <ErrorAlert>{say(text.required)}</ErrorAlert>
          )}
          {data.factors.length === 0 ? (
            <p>{say(text.none)}</p>
          ) : (
            <ul className="two-step__list">
              {data.factors.map((factor) => (
                <li key={factor.id} className="two-step__item">
                  <span className="two-step__name">{factor.name}</span>
                  <span className="two-step__facts">
                    {factor.kind === 'passkey' ? say(passkeys.kindPasskey) : say(passkeys.kindApp)}
                    {' · '}
                    {say(text.factorAdded({ date: agoText(factor.createdAt) }))}
                    {factor.lastUsedAt &&
                      ` · ${say(text.factorLastUsed({ date: agoText(factor.lastUsedAt) }))}`}
                  </span>
                  <span className="two-step__actions">
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      aria-label={say(text.renameLabel({ name: factor.name }))}
                      onClick={() => setChange({ kind: 'rename', factor })}
                    >
                      {say(text.rename)}
                    </button>
                    <button
                      type="button"
                      className="button button--danger-outline button--small"
                      aria-label={say(text.removeLabel({ name: factor.name }))}
                      onClick={() => setChange({ kind: 'remove', factor })}
                    >
                      {say(text.remove)}
                    </button>
                  </span>
                </li>
              ))}
            </ul>
          )}
          {codes && <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />}
          {setup ? (
            <TotpSetup
              setup={setup}
              onCancel={() => setSetup(null)}
              onDone={async (recoveryCodes) => {
                setSetup(null);
                if (recoveryCodes) setCodes(recoveryCodes);
                toast.success(say(text.added));
                await refresh();
              }}
            />
          ) : (
            <p className="card__actions card__actions--start">
              <button
                type="button"
                className="button button--primary"
                onClick={() => start.mutate()}
                disabled={start.isPending}
                aria-busy={start.isPending}
              >
                {say(text.add)}
              </button>
              {passkeysSupported() && (
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => setChange({ kind: 'add-passkey' })}
                >
                  {say(passkeys.add)}
                </button>
              )}
            </p>
          )}
          {data.factors.length > 0 && (
            <>
              <h3>{say(text.recoveryHeading)}</h3>
              <p>{say(text.recoveryLeft({ count: data.recoveryCodesLeft }))}</p>
              <p className="card__actions card__actions--start">
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => setChange({ kind: 'regenerate' })}
                >
                  {say(text.regenerate)}
                </button>
              </p>
            </>
          )}
        </>
      )}
      {change?.kind === 'rename' && (
        <RenameDialog
          factor={change.factor}
          onClose={() => setChange(null)}
          onDone={async () => {
            setChange(null);
            toast.success(say(text.renamed));
            await refresh();
          }}
        />
      )}
      {change?.kind === 'add-passkey' && (
        <AddPasskeyDialog
          onClose={() => setChange(null)}
          onDone={async (recoveryCodes) => {
            setChange(null);
            if (recoveryCodes) setCodes(recoveryCodes);
            toast.success(say(passkeys.added));
            await refresh();
          }}
        />
      )}
      {(change?.kind === 'remove' || change?.kind === 'regenerate') && (
        <ReauthDialog
          title={
            change.kind === 'remove'
              ? say(text.removeLabel({ name: change.factor.name }))
              : say(text.regenerate)
          }
          actionLabel={change.kind === 'remove' ? say(text.remove) : say(text.regenerate)}
          onClose={() => setChange(null)}
          send={async (proof) => {
            if (change.kind === 'remove') {
              await secondFactorApi.remove(change.factor.id, proof);
              toast.success(say(text.removed));
            } else {
              setCodes(await secondFactorApi.regenerate(proof));
              toast.success(say(text.regenerated));
            }
            setChange(null);
            await refresh();
          }}
        />
      )}
    </section>
  );
}

/** Adding an app: its QR code and key, then its name, its first code and the proof. */
function TotpSetup({
  setup,
  onCancel,
  onDone,
}: {
  setup: StartTotpResult;
  onCancel: () => void;
  onDone: (recoveryCodes: string[] | undefined) => Promise<void>;
}) {
  const say = useSay();
  const form = useZodForm(setupFormSchema, {
    name: say(text.defaultName),
    newCode: '',
    password: '',
    code: '',
  });
  const busy = form.formState.isSubmitting;
  const send = form.submit(async (values) => {
    try {
      const recoveryCodes = await secondFactorApi.confirm({
        setupId: setup.setupId,
        name: values.name,
        newCode: values.newCode,
        ...proofOf(values),
      });
      await onDone(recoveryCodes);
    } catch (error) {
      form.showServerError(error, say(text.setupCodeFailed));
    }
  });
  return (
    <div className="two-step__setup">
      <p>{say(text.scanQr)}</p>
      <QrCode text={setup.uri} label={say(text.qrLabel)} />
      <dl className="two-step__key">
        <dt>{say(text.manualKey)}</dt>
        <dd>
          <code>{setup.secret.match(/.{1,4}/g)?.join(' ') ?? setup.secret}</code>
        </dd>
      </dl>
      <form className="form" onSubmit={send} noValidate>
        <TextField label={say(text.nameLabel)} autoComplete="off" field={form.field('name')} />
        <TextField
          label={say(text.newCodeLabel)}
          autoComplete="one-time-code"
          inputMode="numeric"
          spellCheck={false}
          field={form.field('newCode')}
        />
        <p className="two-step__reauth">{say(text.reauthIntro)}</p>
        <ProofFields password={form.field('password')} code={form.field('code')} />
        {form.formError && <ErrorAlert>{form.formError}</ErrorAlert>}
        <p className="card__actions card__actions--start">
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
            {say(text.confirm)}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={onCancel}
            disabled={busy}
          >
            {say(text.cancel)}
          </button>
        </p>
      </form>
    </div>
  );
}

/** Recovery codes, shown this once: copy or download them. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const say = useSay();
  const headingId = useId();
  const file = `data:text/plain;charset=utf-8,${encodeURIComponent(`${codes.join('\n')}\n`)}`;
  return (
    <div className="two-step__codes" role="region" aria-labelledby={headingId}>
      <h3 id={headingId}>{say(text.recoveryNewHeading)}</h3>
      <p>{say(text.recoveryShownOnce)}</p>
      <ol className="two-step__code-list">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <p className="card__actions card__actions--start">
        <button
          type="button"
          className="button button--secondary"
          onClick={() =>
            void navigator.clipboard
              .writeText(codes.join('\n'))
              .then(() => toast.success(say(text.recoveryCopied)))
          }
        >
          {say(text.recoveryCopy)}
        </button>
        <a className="button button--secondary" href={file} download={say(text.recoveryFileName)}>
          {say(text.recoveryDownload)}
        </a>
        <button type="button" className="button button--primary" onClick={onDone}>
          {say(text.recoveryDone)}
        </button>
      </p>
    </div>
  );
}

function RenameDialog({
  factor,
  onClose,
  onDone,
}: {
  factor: SecondFactor;
  onClose: () => void;
  onDone: () => Promise<void>;
}) {
  const say = useSay();
  const form = useZodForm(renameFormSchema, { name: factor.name, password: '', code: '' });
  const busy = form.formState.isSubmitting;
  const send = form.submit(async (values) => {
    try {
      await secondFactorApi.rename(factor.id, { name: values.name, ...proofOf(values) });
      await onDone();
    } catch (error) {
      form.showServerError(error, say(text.reauthFailed));
    }
  });
  return (
    <Dialog
      title={say(text.renameLabel({ name: factor.name }))}
      description={say(text.reauthIntro)}
      onClose={onClose}
      busy={busy}
    >
      <form className="form" onSubmit={send} noValidate>
        <TextField label={say(text.nameLabel)} autoComplete="off" field={form.field('name')} />
        <ProofFields password={form.field('password')} code={form.field('code')} />
        {form.formError && <ErrorAlert>{form.formError}</ErrorAlert>}
        <DialogButtons
          cancelLabel={say(text.cancel)}
          actionLabel={say(text.rename)}
          busy={busy}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}

function ReauthDialog({
  title,
  actionLabel,
  onClose,
  send: sendProof,
}: {
  title: string;
  actionLabel: string;
  onClose: () => void;
  send: (proof: ReturnType<typeof proofOf>) => Promise<void>;
}) {
  const say = useSay();
  const form = useZodForm(reauthFormSchema, { password: '', code: '' });
  const busy = form.formState.isSubmitting;
  const send = form.submit(async (values) => {
    try {
      await sendProof(proofOf(values));
    } catch (error) {
      form.showServerError(error, say(text.reauthFailed));
    }
  });
  return (
    <Dialog title={title} description={say(text.reauthIntro)} onClose={onClose} busy={busy}>
      <form className="form" onSubmit={send} noValidate>
        <ProofFields password={form.field('password')} code={form.field('code')} />
        {form.formError && <ErrorAlert>{form.formError}</ErrorAlert>}
        <DialogButtons
          cancelLabel={say(text.cancel)}
          actionLabel={actionLabel}
          busy={busy}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
