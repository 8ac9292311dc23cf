import { MEMBER_SUPPORT_UNLIMITED, type Agent } from '@arc/contract';

/** The Case Form menu item and the case screen are for member support tier Unlimited only. */
export const canFileCases = (agent: Pick<Agent, 'memberSupportTier'> | undefined): boolean =>
  agent?.memberSupportTier === MEMBER_SUPPORT_UNLIMITED;
