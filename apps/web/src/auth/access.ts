import { MEMBER_SUPPORT_UNLIMITED, type User } from '@arc/contract';

/** The Case Form menu item and the case screen are for member support tier Unlimited only. */
export const canFileCases = (user: Pick<User, 'memberSupportTier'> | undefined): boolean =>
  user?.memberSupportTier === MEMBER_SUPPORT_UNLIMITED;
