import { consoleMessages, type PendingRevision } from '@adboard/shared';
import { formatWhenRelative } from '../time-text';

const text = consoleMessages.review;
const columns = text.revisionColumns;

/** An edit of a live ad, field by field: what the public sees now and what the edit proposes. */
export function RevisionChanges({ revision }: { revision: PendingRevision }) {
  return (
    <>
      <p>{text.revisionIntro}</p>
      <p className="table__muted">{formatWhenRelative(revision.savedAt)}</p>
      {revision.changes.length === 0 ? (
        <p className="empty">{text.revisionNoFieldChanges}</p>
      ) : (
        <div className="table-scroll">
          <table className="table" aria-label={text.revisionHeading}>
            <thead>
              <tr>
                <th scope="col">{columns.field}</th>
                <th scope="col">{columns.before}</th>
                <th scope="col">{columns.after}</th>
              </tr>
            </thead>
            <tbody>
              {revision.changes.map((change) => (
                <tr key={change.field}>
                  <th scope="row">{change.field}</th>
                  <td className="revision__before">{change.before ?? text.revisionEmpty}</td>
                  <td className="revision__after">{change.after ?? text.revisionEmpty}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {revision.newPhotos > 0 && <p>{text.revisionNewPhotos(revision.newPhotos)}</p>}
    </>
  );
}
