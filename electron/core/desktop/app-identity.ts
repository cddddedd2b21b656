/** The app id: electron-builder's appId, and Windows' AppUserModelID, which notifications are shown under. */
export const APP_ID = 'io.statusdesk.app';

/** The display name, as in the .desktop entries and the Start menu. */
export const APP_NAME = 'Statusdesk';
