/** What other modules may read of an ad's edits waiting for review (the repository stays this module's). */
export {
  findPendingRevision,
  latestRevision,
  revisionFields,
  type AdRevisionRow,
} from './revision-repository.js';
