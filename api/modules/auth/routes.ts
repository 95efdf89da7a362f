import { Router } from 'express';
import { accountRoutes } from './account-routes';
import { thirdPartyRoutes } from './third-party-routes';
import { verificationRoutes } from './verification-routes';

/**
 * /auth (Part A 4.1), in three parts: accounts and sessions (register, login, logout, user detail,
 * locale, mascots, avatar, country codes); verification (e-mail, mobile, TOTP, passwords); third-party
 * logins (OAuth 2.0 with PKCE, messenger widget).
 */
export const authRoutes = Router();
authRoutes.use(accountRoutes, verificationRoutes, thirdPartyRoutes);
