/**
 * Business constants and limits (SPEC §9, §2, §3, §7). Each value has its one home here;
 * web and server import it instead of repeating the number.
 */

/** Product name; also names the local session database (SPEC §3 Local session table). */
export const PRODUCT_NAME = 'Pasado';

/** Tab navigation shows a transition state, then navigates after this delay (SPEC §2 App shell, §9). */
export const TAB_NAVIGATION_DELAY_MS = 400;

/** The send-us-a-message form resets this long after the modal closes (SPEC §2, §9). */
export const MODAL_RESET_DELAY_MS = 500;

/** Session UI success and error states return to ready after this delay (SPEC §4, §9). */
export const SESSION_TOAST_RESET_MS = 3000;

/** The purchase page tip timer ticks at this interval (SPEC §2 Purchase page, §9). */
export const PURCHASE_TIP_INTERVAL_MS = 3000;

/** The purchase page tip timer stops after this many ticks (SPEC §2 Purchase page, §9). */
export const PURCHASE_TIP_MAX_TICKS = 2;

/** Default timeout of a server function call (SPEC §7 Server functions, §9). */
export const FUNCTIONS_TIMEOUT_MS = 70_000;

/** Maximum length of a send-us-a-message text (SPEC §5, §9). */
export const MESSAGE_MAX_LENGTH = 500;

/** Maximum size of an attached image: 5 MB (SPEC §5, §9). */
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;

/** A payment reference code has exactly this many digits (SPEC §5, §9). */
export const REF_CODE_LENGTH = 13;

/** Length of the in-app (embedded web view) free trial (SPEC §1, §9). */
export const IN_APP_FREE_TRIAL_DAYS = 3;

/** Length of the free trial started at onboarding (SPEC §1; DESIGN.md "Onboarding"). */
export const FREE_TRIAL_DAYS = 3;

/** Version of the local session database (SPEC §3 Local session table, §9). */
export const LOCAL_DB_VERSION = 1;

/** The one object store of the local session database (SPEC §3 Local session table). */
export const LOCAL_DB_STORE = 'sessions-table';

/** The local session database is named for the product (SPEC §3 Local session table). */
export const LOCAL_DB_NAME = 'pasado';
