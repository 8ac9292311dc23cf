import type { DestinationKey } from '@arc/contract';

/** /contact: how agents reach each team (spec §2: phone and fax table, e-mail table, mailing addresses). */
export const CONTACT = {
  title: 'Contact',
  phonesCaption: 'Phone and fax numbers',
  phones: [
    { department: 'Agent Support (main line)', phone: '(800) 555-0100', fax: '(800) 555-0101' },
    { department: 'Contracting and Appointments', phone: '(800) 555-0110', fax: '(800) 555-0111' },
    { department: 'Commissions', phone: '(800) 555-0120', fax: '(800) 555-0121' },
    { department: 'New Business and Enrollments', phone: '(800) 555-0130', fax: '(800) 555-0131' },
    { department: 'Compliance Hotline', phone: '(800) 555-0140', fax: '(800) 555-0141' },
    { department: 'Marketing and Supplies', phone: '(800) 555-0150', fax: '(800) 555-0151' },
  ],
  emailsCaption: 'E-mail addresses',
  emails: [
    { department: 'Agent Support', destination: 'emailSupport' },
    { department: 'Contracting and Appointments', destination: 'emailContracting' },
    { department: 'Commissions', destination: 'emailCommissions' },
    { department: 'New Business and Enrollments', destination: 'emailNewBusiness' },
    { department: 'Compliance', destination: 'emailCompliance' },
    { department: 'Marketing Review', destination: 'emailMarketing' },
    { department: 'Supplies Orders', destination: 'emailSupplies' },
  ] satisfies Array<{ department: string; destination: DestinationKey }>,
  addressesHeading: 'Mailing addresses',
  addresses: [
    {
      label: 'Corporate office',
      lines: ['Agent Resource Center', '2150 River Plaza Drive, Suite 300', 'Sacramento, CA 95833'],
    },
    {
      label: 'Paper applications and contracting documents',
      lines: ['Agent Resource Center — New Business', 'PO Box 255160', 'Sacramento, CA 95865'],
    },
    {
      label: 'Commission correspondence',
      lines: ['Agent Resource Center — Commissions', 'PO Box 255170', 'Sacramento, CA 95865'],
    },
  ],
  addressNote: 'Send applications with a tracking number, and never send original documents a client needs to keep.',
} as const;
