import type { AgentFlag } from '@arc/contract';

/**
 * The app's routes as data: the router turns them into lazy routes, the side menu and the breadcrumb read
 * their titles, icons and security keys. Nothing here imports a screen.
 */
export type IconName =
  | 'dashboard'
  | 'health'
  | 'sun'
  | 'quote'
  | 'prospects'
  | 'leads'
  | 'school'
  | 'shop'
  | 'upload'
  | 'clients'
  | 'commissions'
  | 'crm'
  | 'leaf'
  | 'supplies'
  | 'training'
  | 'final-expense'
  | 'resources'
  | 'contact';

export interface AppRoute {
  path: string;
  title: string;
  /** side-menu icon; routes without one are not in the side menu */
  icon?: IconName;
  /** an agent flag that must be true for the menu item to show (and the screen to open) */
  securityKey?: AgentFlag;
  /**
   * The screen's module under features/ (`area/name-page`, no extension), loaded by router.tsx when the route is
   * visited. The build reads it too, to list what each route loads (build/route-preloads.ts,
   * docs/decisions/web-loading-and-budget.md).
   */
  screen: string;
  /** a second screen module shown as a section of this one (My Profile holds the contracts, spec part 1 §2) */
  section?: string;
  /**
   * modules the screen loads with `React.lazy` in its first signed-in view (the dashboard's signed-in part): the
   * router does not read them; a signed-in tab's page preloads them and the bundle budget counts them
   */
  parts?: string[];
  children?: AppRoute[];
  /** see RouteHandle.access */
  access?: AccessRule;
  /** external links shown in this item's sub-menu */
  externalLinks?: Array<{ title: string; href: string }>;
  /** see RouteHandle.titleParam */
  titleParam?: string;
}

/** What every route carries in its `handle`: read by the guard, the breadcrumb and the document title. */
export interface RouteHandle {
  /** page title: breadcrumb entry and document title */
  title?: string;
  /** the URL parameter that names the page (a training category, a video title): the title shown instead */
  titleParam?: string;
  /** side-menu icon (top-level menu routes only) */
  icon?: IconName;
  /** an agent flag that must be true to see the menu item and open the screen */
  securityKey?: AgentFlag;
  /** a rule beyond a flag: the case form is for member support tier Unlimited (else only the breadcrumb) */
  access?: AccessRule;
  /** true: needs a signed-in agent (the dashboard shows a welcome instead); false: public */
  auth?: boolean;
  /** always the login layout (sign-in, create password, terms gate, 404) */
  layout?: 'login';
  /** a wider card in the login layout (the terms gate's long text) */
  isWide?: boolean;
  /** a public page for people who are not agents (the SOA signing page) */
  isForPublic?: boolean;
  /** the sign-in screen's initial action, from the route (/sign-in, /sign-in/forgot, /sign-in/register) */
  name?: SignInAction;
}

export type AccessRule = 'member-support-unlimited';

export type SignInAction = 'login' | 'forgot' | 'register';

export const TRAINING_GROUP = 'Training & Certifications';

export const APP_ROUTES: AppRoute[] = [
  {
    path: '/',
    title: 'Dashboard',
    icon: 'dashboard',
    screen: 'dashboard/dashboard-page',
    parts: ['dashboard/agent-dashboard'],
  },
  // open to every agent: without contracts there, the page lists the platform's carriers
  // (docs/decisions/information-pages.md)
  { path: '/myhealthplan', title: 'MyHealthPlan', icon: 'health', screen: 'content/myhealthplan-page' },
  { path: '/sunfire', title: 'SunFire', icon: 'sun', screen: 'content/sunfire-page' },
  { path: '/myquote', title: 'MyQuote', icon: 'quote', screen: 'content/myquote-page' },
  { path: '/prospects', title: 'Prospect Lists', icon: 'prospects', screen: 'prospects/prospects-page' },
  { path: '/leadstar', title: 'LeadStar', icon: 'leads', screen: 'marketing/leadstar-page' },
  { path: '/medischolar', title: 'MediScholar', icon: 'school', screen: 'marketing/medicare-scholar-page' },
  { path: '/proshop', title: 'ProShop', icon: 'shop', screen: 'marketing/proshop-page' },
  // the agent's book of business (issue 46): every client with their SOAs, enrollments and what is due
  { path: '/clients', title: 'Clients', icon: 'clients', screen: 'clients/clients-page' },
  { path: '/enrollments', title: 'Enrollment Upload', icon: 'upload', screen: 'enrollments/enrollments-page' },
  { path: '/commissions', title: 'Commission Statements', icon: 'commissions', screen: 'commissions/commissions-page' },
  { path: '/core', title: 'CORE CRM', icon: 'crm', screen: 'content/core-crm-page' },
  { path: '/green365', title: 'GREEN365', icon: 'leaf', screen: 'content/green365-page' },
  { path: '/products', title: 'Order Supplies', icon: 'supplies', screen: 'supplies/products-page' },
  {
    path: '/training',
    title: TRAINING_GROUP,
    icon: 'training',
    screen: 'content/coming-soon-page',
    children: [
      { path: '/training/videos', title: 'Training Videos', screen: 'training/videos-page' },
      { path: '/training/compliance-guides', title: 'Compliance Guides', screen: 'compliance/compliance-guides-page' },
      // the agent's compliance tools (issue 34, docs/decisions/soa-and-ready-to-sell.md), beside the guides
      { path: '/rts', title: 'Ready to Sell', screen: 'ready-to-sell/ready-to-sell-page' },
      { path: '/disclaimer', title: 'TPMO Disclaimer', screen: 'disclaimer/disclaimer-page' },
      // a compliance tool beside the compliance guides (issue 34); its own address, not below /training
      { path: '/soa', title: 'Scope of Appointment', screen: 'soa/soa-page' },
    ],
    externalLinks: [
      { title: 'Medicare Certifications', href: 'https://www.ahipmedicaretraining.com/' },
      { title: 'Events', href: 'https://www.cms.gov/outreach-and-education' },
    ],
  },
  { path: '/finalexpense', title: 'Final Expense', icon: 'final-expense', screen: 'final-expense/final-expense-page' },
  { path: '/maresources', title: 'Resource Documents', icon: 'resources', screen: 'content/resources-page' },
  { path: '/contact', title: 'Contact', icon: 'contact', screen: 'content/contact-page' },
  // reached from the user menu, not the side menu
  { path: '/profile', title: 'My Profile', screen: 'profile/profile-page', section: 'contracts/contracts-page' },
  { path: '/case', title: 'Case form', access: 'member-support-unlimited', screen: 'cases/case-form-page' },
  { path: '/my-cases', title: 'My cases', access: 'member-support-unlimited', screen: 'cases/my-cases-page' },
  { path: '/tos', title: 'Terms of Service', screen: 'terms/terms-page' },
  { path: '/policies', title: 'Policies', screen: 'content/policies-page' },
];

/** Routes below a top-level one that the menu does not list but that must exist. */
export const EXTRA_ROUTES: AppRoute[] = [
  {
    path: '/training/videos/:category',
    title: 'Training Videos',
    titleParam: 'category',
    screen: 'training/category-page',
  },
  {
    path: '/training/videos/:category/:id',
    title: 'Training Video',
    titleParam: 'id',
    screen: 'training/video-player-page',
  },
  // a guide's own address: the Document Name's link, which opens the PDF (signing in first when needed)
  {
    path: '/training/compliance-guides/:fileNumber',
    title: 'Compliance Guide',
    screen: 'compliance/compliance-guide-page',
  },
  // linked from Enrollment Upload and Final Expense; below /enrollments, so the side menu marks Enrollment Upload
  {
    path: '/enrollments/carrier-eapps',
    title: 'Carrier E-App Directory',
    screen: 'enrollments/carrier-eapps-page',
  },
  // one client's page (the clients screen's other view); below /clients, so the side menu marks Clients
  { path: '/clients/:id', title: 'Client', screen: 'clients/clients-page' },
  // internal, not in the menu: the shared ui/ components on sample rows (removable once areas use them)
  { path: '/ui-kit', title: 'UI kit', screen: 'ui-kit/ui-kit-page' },
];

/** A matched route's title: the value of its `titleParam` when it has one (already decoded), else its title. */
export function pageTitle(
  handle: RouteHandle | undefined,
  params: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const fromParam = handle?.titleParam ? params[handle.titleParam]?.trim() : undefined;
  return fromParam || handle?.title;
}

export function flattenRoutes(routes: AppRoute[] = APP_ROUTES): AppRoute[] {
  return routes.flatMap((route) => [route, ...flattenRoutes(route.children ?? [])]);
}
