/** Where signing in and out happen, and where a signed-in person lands. */
export const LOGIN_PATH = "/admin/auth/login";
export const LOGOUT_PATH = "/admin/auth/logout";
export const HOME_PATH = "/admin/dashboard";
