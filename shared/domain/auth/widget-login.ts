import { Op, UniqueConstraintError } from 'sequelize';
import { User } from '../../db/models';
import { db } from '../../db/sequelize';
import { Refusal } from '../../errors';
import { widgetAuthDateFresh, widgetHashMatches, widgetSettings, type WidgetFieldValue } from '../../integrations/widget';
import { completeLogin } from './accounts';
import { accountName, createThirdPartyPlayer, lockedPlayer, loginOrCreate, type LoginContext, type ThirdPartyLogin } from './third-party-accounts';
import { passLoginTotp, requireTotpPassed } from './totp-login';

/** POST /auth/login-widget and /auth/bind-widget: the messenger login widget. */

export interface WidgetLoginData {
  id: number;
  first_name: string;
  last_name?: string | null;
  username?: string | null;
  auth_date: number;
  hash: string;
}

/** Fields the client adds that the widget did not sign. */
const UNSIGNED_WIDGET_FIELDS = ['refCode', 'totpCode'] as const;

/**
 * Refused: `widgetNotConfigured` bot token not set, `widgetHashWrong` hash check fails, `widgetAuthStale`
 * auth_date older than 5 minutes. `received` is every
 * field as the client posted it: the widget signs all of them, including fields this service ignores.
 */
function checkWidgetData(data: WidgetLoginData, received: Record<string, WidgetFieldValue>): void {
  const settings = widgetSettings();
  if (!settings) throw new Refusal('auth.widgetNotConfigured');
  if (!widgetHashMatches(settings.botToken, received, data.hash, UNSIGNED_WIDGET_FIELDS)) throw new Refusal('auth.widgetHashWrong');
  if (!widgetAuthDateFresh(data.auth_date)) throw new Refusal('auth.widgetAuthStale');
}

function widgetDisplayName(data: WidgetLoginData): string {
  const full = [data.first_name, data.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return (full || data.username || `widget_${data.id}`).slice(0, 50);
}

/**
 * Logs in by widget id; a new player `widget_<id>` with an empty password on first use. A player with an
 * authenticator needs `totpCode` (./totp-login.ts), sent with the widget's fields (which stay usable
 * for the repeat while their auth_date is fresh).
 */
export async function loginWithWidget(
  data: WidgetLoginData,
  received: Record<string, WidgetFieldValue>,
  ctx: LoginContext,
  totpCode?: string | null,
): Promise<ThirdPartyLogin<{ id: number; account: string; name: string; widget: string | null }>> {
  checkWidgetData(data, received);
  const widgetId = String(data.id);
  const passed = await passLoginTotp(await User.findOne({ where: { siteCode: ctx.siteCode, widget: widgetId } }), totpCode, ctx.meta);
  const { token, user, isNewUser } = await loginOrCreate(async (attempt, transaction) => {
    let user = await User.findOne({ where: { siteCode: ctx.siteCode, widget: widgetId }, transaction });
    if (user) requireTotpPassed(user, passed);
    const isNewUser = !user;
    user ??= await createThirdPartyPlayer(
      ctx,
      { account: accountName('widget_', widgetId, attempt), name: widgetDisplayName(data), widget: widgetId },
      transaction,
    );
    return { ...(await completeLogin(user, ctx.meta, transaction)), isNewUser };
  });
  return { token, user: { id: user.id, account: user.account, name: user.name, widget: user.widget }, isNewUser };
}

/** Binds the widget id to the logged-in player: `widgetBoundElsewhere` when another user of the site has it. */
export async function bindWidget(userId: number, data: WidgetLoginData, received: Record<string, WidgetFieldValue>): Promise<{ widget: string }> {
  checkWidgetData(data, received);
  const widgetId = String(data.id);
  try {
    return await db().transaction(async (transaction) => {
      const user = await lockedPlayer(userId, transaction);
      const taken = await User.count({ where: { siteCode: user.siteCode, widget: widgetId, id: { [Op.ne]: user.id } }, transaction });
      if (taken) throw new Refusal('auth.widgetBoundElsewhere');
      await user.update({ widget: widgetId }, { transaction });
      return { widget: widgetId };
    });
  } catch (err) {
    if (err instanceof UniqueConstraintError) throw new Refusal('auth.widgetBoundElsewhere');
    throw err;
  }
}
