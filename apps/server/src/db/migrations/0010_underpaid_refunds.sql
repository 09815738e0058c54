-- Money on an order that never completes is refunded too (issue 13: every satoshi is
-- applied to an ad or on a refund): when its ad is deleted or no longer payable, or
-- when the order stops being watched a week after its address was issued.
ALTER TABLE refunds DROP CONSTRAINT refunds_reason_check;
ALTER TABLE refunds ADD CONSTRAINT refunds_reason_check
  CHECK (reason IN ('rejected', 'not_payable', 'excess', 'deleted', 'underpaid'));
