/** Every path of the app, built in one place: the contract's, which the server's e-mails and provider use too. */
export { paths } from '@arc/contract/constants';
