import { consoleMessages, type AdReview } from '@adboard/shared';
import { Link } from 'react-router';
import { reviewPath } from '../queue-table';
import { formatWhen } from '../time-text';

const text = consoleMessages.review;

/** The owner's account, with a way to the users screen to ban or look further. */
export function ReviewOwner({ owner }: { owner: AdReview['owner'] }) {
  if (!owner) return <p className="empty">{text.noOwner}</p>;
  const search = `/admin/users?${new URLSearchParams({ q: owner.email }).toString()}`;
  return (
    <>
      <dl className="facts">
        <div className="facts__row">
          <dt>{text.ownerEmail}</dt>
          <dd>{owner.email}</dd>
        </div>
        <div className="facts__row">
          <dt>{text.ownerRole}</dt>
          <dd>{consoleMessages.users.roles[owner.role]}</dd>
        </div>
        <div className="facts__row">
          <dt>{text.ownerBanned}</dt>
          <dd>{owner.banned ? consoleMessages.yes : consoleMessages.no}</dd>
        </div>
        <div className="facts__row">
          <dt>{text.ownerSince}</dt>
          <dd>{formatWhen(owner.createdAt)}</dd>
        </div>
      </dl>
      <p>
        <Link to={search}>{text.ownerSearch}</Link>
      </p>
    </>
  );
}

export function OwnerAds({ ads }: { ads: AdReview['ownerAds'] }) {
  if (ads.length === 0) return <p className="empty">{text.noOtherAds}</p>;
  return (
    <ul className="console__list">
      {ads.map((ad) => (
        <li key={ad.postId}>
          <Link to={reviewPath(ad.postId)}>{ad.title}</Link>{' '}
          <span className="table__muted">
            {`${ad.postId} · ${consoleMessages.statuses[ad.status]} · ${consoleMessages.adTypes[ad.type]}`}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function ReviewFlags({ flags }: { flags: AdReview['flags'] }) {
  if (flags.length === 0) return <p className="empty">{text.noFlags}</p>;
  return (
    <ul className="console__list console__list--flags">
      {flags.map((flag, index) => (
        <li key={`${flag.kind}-${index}`}>{flag.text}</li>
      ))}
    </ul>
  );
}
