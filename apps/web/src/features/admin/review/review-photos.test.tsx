import { consoleMessages } from '@adboard/shared';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { adReview } from '../../../test/admin-fixtures';
import { formatWhen } from '../time-text';
import { ReviewPhotos } from './review-photos';

const text = consoleMessages.review;

function renderPhotos(review = adReview()) {
  return render(
    <MemoryRouter>
      <ReviewPhotos photos={review.photos} verificationCode={review.verificationPhotoCode} />
    </MemoryRouter>,
  );
}

describe('the moderator’s photos of an ad under review', () => {
  it('shows the ad’s code and the upload date beside the verification photo, to compare with its paper', () => {
    const review = adReview();
    renderPhotos(review);
    const sign = screen.getByText(text.verificationPhoto).closest('li');
    if (!sign) throw new Error('no verification photo');
    const check = within(sign);
    expect(check.getByText(text.verificationCodeLabel)).toBeTruthy();
    expect(check.getByText('K7P4QX')).toBeTruthy();
    const uploaded = review.photos.find((photo) => photo.verification)?.uploadedAt ?? '';
    const time = check.getByText(formatWhen(uploaded));
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe(uploaded);
    expect(check.getByText(text.verificationCheck)).toBeTruthy();

    // Only beside the verification photo: the public one carries neither.
    const items = screen.getAllByRole('listitem').filter((item) => item !== sign);
    for (const item of items) expect(within(item).queryByText('K7P4QX')).toBeNull();
    expect(screen.getAllByText('K7P4QX')).toHaveLength(1);
  });

  it('says so when a verified ad has no verification photo', () => {
    const review = adReview();
    renderPhotos({ ...review, photos: review.photos.filter((photo) => !photo.verification) });
    expect(screen.getByText(text.noVerificationPhoto)).toBeTruthy();
    expect(screen.queryByText('K7P4QX')).toBeNull();
  });

  it('shows no code for an ad type without a verification photo', () => {
    const review = adReview();
    renderPhotos({
      ...review,
      type: 'paid',
      verificationPhotoCode: null,
      photos: review.photos.filter((photo) => !photo.verification),
    });
    expect(screen.queryByText(text.noVerificationPhoto)).toBeNull();
    expect(screen.queryByText(text.verificationCodeLabel)).toBeNull();
  });
});
