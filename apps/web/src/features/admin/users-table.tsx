import { banBodySchema, consoleMessages, roles, type AdminUser, type Role } from '@adboard/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../lib/api';
import { adminApi } from '../../lib/admin-api';
import { useAuth } from '../auth/auth-context';
import { PromptDialog } from '../ui/prompt-dialog';
import { formatWhen } from './time-text';
import { useRefreshConsole } from './use-admin-query';
import { isAdmin, useRole } from './use-role';

const text = consoleMessages.users;
const roleOptions = roles.map((role) => ({ value: role, label: text.roles[role] }));

/** Found accounts: ban with a reason, lift a ban, and (administrators) change the role. */
export function UsersTable({ users }: { users: readonly AdminUser[] }) {
  const { userId: ownId } = useAuth();
  const { role: ownRole } = useRole();
  const refresh = useRefreshConsole();
  const [banning, setBanning] = useState<AdminUser | null>(null);
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  const failed = (error: unknown) => toast.error(errorMessage(error, consoleMessages.loadFailed));

  const ban = useMutation({
    mutationFn: ({ user, reason }: { user: AdminUser; reason: string }) =>
      adminApi.ban(user.userId, reason),
    onSuccess: (_result, { user }) => {
      toast.success(text.banned(user.email));
      setBanning(null);
      void refresh();
    },
  });
  const resetTwoStep = useMutation({
    mutationFn: ({ user, reason }: { user: AdminUser; reason: string }) =>
      adminApi.resetSecondFactors(user.userId, reason),
    onSuccess: (_result, { user }) => {
      toast.success(text.twoStepReset(user.email));
      setResetting(null);
      void refresh();
    },
  });
  const unban = useMutation({
    mutationFn: (user: AdminUser) => adminApi.unban(user.userId),
    onSuccess: (_result, user) => toast.success(text.unbanned(user.email)),
    onError: failed,
    onSettled: refresh,
  });
  const changeRole = useMutation({
    mutationFn: ({ user, role }: { user: AdminUser; role: Role }) =>
      adminApi.setRole(user.userId, role),
    onSuccess: (_result, { user, role }) =>
      toast.success(text.roleChanged(user.email, text.roles[role])),
    onError: failed,
    onSettled: refresh,
  });
  const busy = unban.isPending || changeRole.isPending;

  return (
    <>
      <div className="table-scroll">
        <table className="table" aria-label={text.heading}>
          <thead>
            <tr>
              <th scope="col">{text.columns.email}</th>
              <th scope="col">{text.columns.role}</th>
              <th scope="col">{text.columns.banned}</th>
              <th scope="col">{text.columns.ads}</th>
              <th scope="col">{text.columns.phones}</th>
              <th scope="col">{text.columns.joined}</th>
              <th scope="col">{text.columns.actions}</th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => {
              const self = user.userId === ownId;
              return (
                <tr key={user.userId} className={user.banned ? 'table__row--alarm' : ''}>
                  <td className="table__break">{user.email}</td>
                  <td>
                    {isAdmin(ownRole) && !self ? (
                      <select
                        className="field__input field__select"
                        aria-label={text.roleFor(user.email)}
                        value={user.role}
                        disabled={busy}
                        onChange={(event) => {
                          const role = roles.find((r) => r === event.target.value);
                          if (role) changeRole.mutate({ user, role });
                        }}
                      >
                        {roleOptions.map((option) => (
                          <option key={option.value} value={option.value}>
                            {option.label}
                          </option>
                        ))}
                      </select>
                    ) : (
                      text.roles[user.role]
                    )}
                  </td>
                  <td>
                    {user.banned ? text.bannedSince(formatWhen(user.bannedAt)) : consoleMessages.no}
                  </td>
                  <td>{user.adCount.toLocaleString('en-US')}</td>
                  <td className="table__mono">{user.phones.join(', ') || consoleMessages.empty}</td>
                  <td className="table__nowrap">{formatWhen(user.createdAt)}</td>
                  <td>
                    {self ? (
                      text.you
                    ) : user.banned ? (
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        onClick={() => unban.mutate(user)}
                        disabled={busy}
                        aria-label={`${text.unban} ${user.email}`}
                      >
                        {text.unban}
                      </button>
                    ) : (
                      <button
                        type="button"
                        className="button button--danger-outline button--small"
                        onClick={() => setBanning(user)}
                        disabled={busy}
                        aria-label={`${text.ban} ${user.email}`}
                      >
                        {text.ban}
                      </button>
                    )}
                    {isAdmin(ownRole) && !self && user.secondFactors > 0 && (
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        onClick={() => setResetting(user)}
                        disabled={busy}
                        aria-label={`${text.resetTwoStep} ${user.email}`}
                      >
                        {text.resetTwoStep}
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {banning && (
        <PromptDialog
          title={text.banTitle(banning.email)}
          body={text.banBody}
          label={text.banReason}
          cancelLabel={text.cancel}
          submitLabel={text.banConfirm}
          schema={banBodySchema}
          name="reason"
          failureMessage={consoleMessages.loadFailed}
          onSubmit={({ reason }) => ban.mutateAsync({ user: banning, reason })}
          onCancel={() => setBanning(null)}
        />
      )}
      {resetting && (
        <PromptDialog
          title={text.resetTwoStepTitle(resetting.email)}
          body={text.resetTwoStepBody}
          label={text.resetTwoStepReason}
          cancelLabel={text.cancel}
          submitLabel={text.resetTwoStepConfirm}
          schema={banBodySchema}
          name="reason"
          failureMessage={consoleMessages.loadFailed}
          onSubmit={({ reason }) => resetTwoStep.mutateAsync({ user: resetting, reason })}
          onCancel={() => setResetting(null)}
        />
      )}
    </>
  );
}
