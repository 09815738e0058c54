import { consoleMessages } from '@adboard/shared';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../lib/api';
import { openPreview } from '../../my-ads/open-preview';

/** Opens the ad's public page (preview, any state) on its city subdomain in a new tab. */
export function PreviewButton({ postId: adId }: { postId: string }) {
  const [opening, setOpening] = useState(false);
  const onClick = async () => {
    setOpening(true);
    const result = await openPreview(adId);
    setOpening(false);
    if (!result.ok) toast.error(errorMessage(result.error, consoleMessages.review.previewFailed));
  };
  return (
    <button
      type="button"
      className="button button--secondary"
      onClick={() => void onClick()}
      disabled={opening}
      aria-busy={opening}
    >
      {consoleMessages.review.view}
    </button>
  );
}
