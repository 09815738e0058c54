/** The HTTP status of each domain error code: declared once, with the contract. */
export { statusOfDomainError } from '@adboard/shared';
