/** Every path of the app, built in one place. */
export const paths = {
  home: '/',
  signIn: '/sign-in',
  signInForgot: '/sign-in/forgot',
  signInRegister: '/sign-in/register',
  loginCallback: '/login/callback',
  interaction: (uid: string) => `/interaction/${encodeURIComponent(uid)}`,
  register: (token: string) => `/register/${encodeURIComponent(token)}`,
  forgotPassword: (token: string) => `/forgotpass/${encodeURIComponent(token)}`,
  tosGate: '/tosgate',
  tos: '/tos',
  policies: '/policies',
  profile: '/profile',
  caseForm: '/case',
  products: '/products',
} as const;
