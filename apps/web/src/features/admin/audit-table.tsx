import { consoleMessages, type AuditEntry } from '@adboard/shared';
import { Link } from 'react-router';
import { auditActionLabel } from './labels';
import { reviewPath } from './queue-table';
import { formatWhen, formatWhenRelative, isIsoDateTime } from './time-text';

const text = consoleMessages.audit;

function show(value: unknown): string {
  if (value === undefined || value === null) return consoleMessages.empty;
  if (typeof value !== 'string') return JSON.stringify(value);
  // Dates are stored as ISO text: a moderator reads them as dates.
  return isIsoDateTime(value) ? formatWhen(value) : value;
}

/** The fields an entry changed, 'key: before → after'; all of them when none differ. */
export function changeLines(entry: Pick<AuditEntry, 'before' | 'after'>): string[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const changed = keys.filter((key) => show(before[key]) !== show(after[key]));
  return (changed.length > 0 ? changed : keys).map((key) =>
    text.change(key, show(before[key]), show(after[key])),
  );
}

function Target({ entry }: { entry: AuditEntry }) {
  const type = text.targetTypes[entry.targetType];
  if (entry.targetType === 'ad') {
    return <Link to={reviewPath(entry.targetId)}>{`${type} ${entry.targetId}`}</Link>;
  }
  return <span className="table__mono">{`${type} ${entry.targetId}`}</span>;
}

interface AuditTableProps {
  entries: readonly AuditEntry[];
  /** An ad's own history leaves the target out: it is the ad. */
  showTarget?: boolean;
  label: string;
}

/** Moderator actions, newest first as the server sends them. Nobody can change them. */
export function AuditTable({ entries, showTarget = true, label }: AuditTableProps) {
  return (
    <div className="table-scroll">
      <table className="table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">{text.columns.when}</th>
            <th scope="col">{text.columns.who}</th>
            <th scope="col">{text.columns.action}</th>
            {showTarget && <th scope="col">{text.columns.target}</th>}
            <th scope="col">{text.columns.reason}</th>
            <th scope="col">{text.columns.change}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td className="table__nowrap">{formatWhenRelative(entry.createdAt)}</td>
              <td>{entry.actorEmail}</td>
              <td>{auditActionLabel(entry.action)}</td>
              {showTarget && (
                <td>
                  <Target entry={entry} />
                </td>
              )}
              <td>{entry.reason ?? consoleMessages.empty}</td>
              <td>
                <ul className="table__lines">
                  {changeLines(entry).map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
