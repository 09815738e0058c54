/** What other modules may read of the payment orders (the repository stays this module's). */
export { countOpenOrders } from './order-repository.js';
export { readReceipt } from './read-receipt.js';
export { listPaidOrderIds } from './receipt-repository.js';
