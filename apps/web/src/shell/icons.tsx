import {
  IconAddressBook,
  IconBook2,
  IconBuildingStore,
  IconCash,
  IconCertificate,
  IconFileText,
  IconHeartbeat,
  IconLayoutDashboard,
  IconLeaf,
  IconPackage,
  IconPhone,
  IconSchool,
  IconShieldHeart,
  IconSun,
  IconTargetArrow,
  IconCalculator,
  IconUpload,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import type { IconName } from '../route-table.ts';

export const ROUTE_ICONS: Record<IconName, Icon> = {
  dashboard: IconLayoutDashboard,
  health: IconHeartbeat,
  sun: IconSun,
  quote: IconCalculator,
  prospects: IconUsersGroup,
  leads: IconTargetArrow,
  school: IconSchool,
  shop: IconBuildingStore,
  upload: IconUpload,
  commissions: IconCash,
  crm: IconAddressBook,
  leaf: IconLeaf,
  supplies: IconPackage,
  training: IconCertificate,
  'final-expense': IconShieldHeart,
  resources: IconFileText,
  contact: IconPhone,
};

export { IconBook2 };
