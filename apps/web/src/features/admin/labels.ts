import {
  auditActions,
  consoleMessages,
  optionText,
  rejectionReasons,
  reportReasons,
  type AuditAction,
} from '@adboard/shared';

/** What a report reason reads as; an unknown code is shown as it is. */
export function reportReasonLabel(code: string): string {
  return reportReasons.find((reason) => reason.code === code)?.label ?? code;
}

export function rejectionReasonLabel(code: string): string {
  return rejectionReasons.find((reason) => reason.code === code)?.label ?? code;
}

function isAuditAction(action: string): action is AuditAction {
  return (auditActions as readonly string[]).includes(action);
}

export function auditActionLabel(action: string): string {
  return isAuditAction(action) ? consoleMessages.audit.actions[action] : action;
}

/** The label of a value from one of the ad form's option lists (ethnicity, incalls...). */
export function optionLabel(
  options: readonly { value: string; label: string }[],
  value: string | null,
): string {
  return optionText(options, value) ?? consoleMessages.empty;
}
