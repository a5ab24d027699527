/** What a signed-in user changes about their own account: its name and its password (docs/sessions.md, "Your account"). */
export { changePassword, passwordChangeInput, passwordChangePolicy, renameAccount } from './account';
