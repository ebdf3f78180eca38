/**
 * Business constants and limits (docs/product.md#constants, #screens, #entities, #server-functions). Each value has its one home here;
 * web and server import it instead of repeating the number.
 */

/** Product name; also names the local session database (docs/product.md#local-session-table). */
export const PRODUCT_NAME = 'Pasado';

/** Tab navigation shows a transition state, then navigates after this delay (docs/product.md#app-shell, #constants). */
export const TAB_NAVIGATION_DELAY_MS = 400;

/** The send-us-a-message form resets this long after the modal closes (docs/product.md#screens, #constants). */
export const MODAL_RESET_DELAY_MS = 500;

/** Session UI success and error states return to ready after this delay (docs/product.md#states, #constants). */
export const SESSION_TOAST_RESET_MS = 3000;

/** The purchase page tip timer ticks at this interval (docs/product.md#purchase-page, #constants). */
export const PURCHASE_TIP_INTERVAL_MS = 3000;

/** The purchase page tip timer stops after this many ticks (docs/product.md#purchase-page, #constants). */
export const PURCHASE_TIP_MAX_TICKS = 2;

/** Default timeout of a server function call (docs/product.md#server-functions, #constants). */
export const FUNCTIONS_TIMEOUT_MS = 70_000;

/** Maximum length of a send-us-a-message text (docs/product.md#validation, #constants). */
export const MESSAGE_MAX_LENGTH = 500;

/** Maximum size of an attached image: 5 MB (docs/product.md#validation, #constants). */
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;

/** A payment reference code has exactly this many digits (docs/product.md#validation, #constants). */
export const REF_CODE_LENGTH = 13;

/** Length of the in-app (embedded web view) free trial (docs/product.md#overview, #constants). */
export const IN_APP_FREE_TRIAL_DAYS = 3;

/** Length of the free trial started at onboarding (docs/product.md#overview; docs/product.md#onboarding). */
export const FREE_TRIAL_DAYS = 3;

/** Version of the local session database (docs/product.md#local-session-table, #constants). */
export const LOCAL_DB_VERSION = 1;

/** The one object store of the local session database (docs/product.md#local-session-table). */
export const LOCAL_DB_STORE = 'sessions-table';

/** The local session database is named for the product (docs/product.md#local-session-table). */
export const LOCAL_DB_NAME = 'pasado';
