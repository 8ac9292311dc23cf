/**
 * The common-password check of docs/decisions/passwords-and-sign-in.md (ASVS 6.2.4):
 * - the 49,233 most common passwords of public breach corpora that ship with `@zxcvbn-ts/language-common` (MIT,
 *   its `passwords-common` dictionary), loaded on the first check, never sent to the browser;
 * - the spec's composition rule (8+ characters with a lower-case letter, a capital and a number) is met with a
 *   capitalised word and a few digits, so we also list such passwords and refuse any listed word followed only by
 *   digits and symbols ("Sunshine2026!"), with common letter-for-symbol swaps undone ("P@ssw0rd").
 * Comparison ignores case, and the list is also searched with shifted digits typed unshifted ("1qaz@WSX" is
 * "1qaz2wsx", a keyboard walk) and without one to three leading letters before a listed run of digits
 * ("Xx123456").
 */

/** Frequent passwords from public breach corpora that pass the composition rule as they are. */
// prettier-ignore
export const COMMON_PASSWORDS: readonly string[] = [
  'Password1', 'Password12', 'Password123', 'Password1234', 'Password12345', 'Password01', 'Password2',
  'Password3', 'Password7', 'Password9', 'Password99', 'Password1!', 'Password123!', 'Password@1',
  'Password#1', 'Passw0rd', 'Passw0rd1', 'Passw0rd!', 'P@ssw0rd', 'P@ssw0rd1', 'P@ssword1', 'P@ssword123',
  'P@55w0rd', 'Pa55word', 'Pa55w0rd', 'Pa$$w0rd', 'Pa$$word1', 'Passwort1', 'Password1a', 'Mypassword1',
  'Newpassword1', 'Welcome1', 'Welcome12', 'Welcome123', 'Welcome1234', 'Welcome1!', 'Welcome01',
  'Welcome2', 'W3lcome1', 'Welc0me1', 'Welcome@123', 'Qwerty123', 'Qwerty12', 'Qwerty1234', 'Qwerty1!',
  'Qwerty123!', 'Qwertyuiop1', 'Qwertyui1', 'Qwerty12345', 'Qwer1234', 'Qwert123', 'Q1w2e3r4',
  'Q1w2e3r4t5', '1Q2w3e4r', '1Q2w3e4r5t', 'Q2w3e4r5', 'Qazwsx123', 'Qazwsx12', '1Qaz2wsx', '1Qaz2wsx3edc',
  'Zaq12wsx', 'Zaq1xsw2', 'Zxcvbnm1', 'Zxcvbnm123', 'Asdfghjkl1', 'Asdfgh123', 'Asdf1234', 'Asdf12345',
  'Abc12345', 'Abc123456', 'Abcd1234', 'Abcd12345', 'Abcde123', 'Abcdef12', 'Abcdef123', 'Abcdefg1',
  'Abcdefgh1', 'Abc123abc', 'Aa123456', 'Aa1234567', 'Aa12345678', 'Aa123456789', 'Aa112233',
  'Aaaaaaa1', 'Aaaaaaaa1', 'Abcd123456', 'Qwerty2024', 'Qwerty2025', 'Ab123456', 'Ab12345678', 'Abc123!!',
  'Letmein1', 'Letmein123', 'Letmein!1', 'Iloveyou1', 'Iloveyou2', 'Iloveyou123', 'Ilovey0u', 'Sunshine1',
  'Sunshine123', 'Princess1', 'Princess123', 'Football1', 'Football123', 'Baseball1', 'Baseball123',
  'Basketball1', 'Soccer123', 'Hockey123', 'Monkey123', 'Monkey12', 'Dragon123', 'Dragon12', 'Master123',
  'Master12', 'Shadow123', 'Shadow12', 'Superman1', 'Superman123', 'Batman123', 'Batman12', 'Michael1',
  'Michael123', 'Jennifer1', 'Jordan23', 'Jordan123', 'Charlie1', 'Charlie123', 'Ashley123', 'Hunter123',
  'Killer123', 'Freedom1', 'Whatever1', 'Starwars1', 'Starwars123', 'Computer1', 'Computer123', 'Michelle1',
  'Jessica1', 'Pepper123', 'Daniel123', 'Thomas123', 'Trustno1', 'Changeme1', 'Changeme123', 'Changeme!1',
  'Secret123', 'Secret12', 'Admin123', 'Admin1234', 'Admin@123', 'Administrator1', 'Login123', 'Access123',
  'Hello123', 'Hello1234', 'Helloworld1', 'Summer2024', 'Summer2025', 'Summer2026', 'Summer123', 'Summer12',
  'Winter2024', 'Winter2025', 'Winter2026', 'Winter123', 'Spring2024', 'Spring2025', 'Spring2026',
  'Spring123', 'Autumn2024', 'Autumn2025', 'Autumn2026', 'Fall2024!', 'Fall2025!', 'January2025',
  'January2026', 'February2026', 'March2026', 'April2026', 'December2025', 'Monday123', 'Friday123',
  'Sunday123', 'Test1234', 'Test12345', 'Testing123', 'Temp1234', 'Temp12345', 'Guest123', 'User1234',
  'Default1', 'Company1', 'Company123', 'Business1', 'Office123', 'Medicare1', 'Medicare123',
  'Insurance1', 'Insurance123', 'Agent123', 'Agent1234', 'Health123', 'Benefits1', 'Google123',
  'Samsung123', 'Apple123', 'Blessed1', 'Jesus123', 'Angel123', 'Lovely123', 'Loveme123', 'Family123',
  'Friends1', 'Flower123', 'Purple123', 'Orange123', 'Chocolate1', 'Butterfly1', 'Cookie123', 'Tigger123',
  'Buster123', 'Ginger123', 'Maggie123', 'Bailey123', 'Jasmine1', 'Matthew1', 'Andrew123', 'Joshua123',
  'Anthony1', 'William1', 'Robert123', 'Richard1', 'Nicole123', 'Amanda123', 'Hannah123', 'London123',
  'America1', 'Canada123', 'Texas123', 'Florida1', 'Chicago1', 'Dallas123', 'Yankees1', 'Cowboys1',
  'Eagles123', 'Lakers24', 'Steelers1', 'Patriots1', 'Liverpool1', 'Arsenal123', 'Chelsea123',
  'Barcelona1', 'Mercedes1', 'Ferrari1', 'Corvette1', 'Mustang1', 'Money123', 'Lucky123', 'Happy123',
  'Smile123', 'Diamond1', 'Silver123', 'Golden123', 'Yellow123', 'Cheese123', 'Banana123', 'Internet1',
];

/** Words people capitalise and pad with digits; any of these plus only digits and symbols is refused. */
// prettier-ignore
export const COMMON_WORDS: readonly string[] = [
  'password', 'passwort', 'passwd', 'pass', 'mypassword', 'newpassword', 'welcome', 'qwerty', 'qwert',
  'qwer', 'qwertyui', 'qwertyuiop', 'asdf', 'asdfgh', 'asdfghjkl', 'zxcv', 'zxcvbn', 'zxcvbnm', 'qazwsx',
  'zaq', 'abc', 'abcd', 'abcde', 'abcdef', 'abcdefg', 'abcdefgh', 'aa', 'aaa', 'aaaa', 'aaaaaa', 'ab',
  'a', 'letmein', 'iloveyou', 'sunshine', 'princess', 'football', 'baseball', 'basketball', 'soccer',
  'hockey', 'golf', 'tennis', 'monkey', 'dragon', 'master', 'shadow', 'superman', 'batman', 'spiderman',
  'michael', 'jennifer', 'jordan', 'charlie', 'ashley', 'hunter', 'killer', 'freedom', 'whatever',
  'starwars', 'computer', 'michelle', 'jessica', 'pepper', 'daniel', 'thomas', 'ranger', 'harley',
  'summer', 'winter', 'spring', 'autumn', 'fall', 'hello', 'helloworld', 'admin', 'administrator',
  'changeme', 'secret', 'login', 'trustno', 'access', 'flower', 'lovely', 'loveme', 'love', 'family',
  'friends', 'samsung', 'google', 'apple', 'internet', 'chocolate', 'cookie', 'butterfly', 'purple',
  'orange', 'banana', 'cheese', 'diamond', 'silver', 'golden', 'yellow', 'tigger', 'buster', 'ginger',
  'maggie', 'bailey', 'jasmine', 'matthew', 'andrew', 'joshua', 'anthony', 'william', 'robert',
  'richard', 'nicole', 'amanda', 'sophie', 'hannah', 'london', 'america', 'canada', 'texas',
  'california', 'florida', 'chicago', 'dallas', 'yankees', 'cowboys', 'eagles', 'lakers', 'steelers',
  'patriots', 'liverpool', 'arsenal', 'chelsea', 'barcelona', 'mercedes', 'ferrari', 'corvette',
  'mustang', 'jesus', 'christ', 'blessed', 'angel', 'angels', 'heaven', 'lucky', 'happy', 'smile',
  'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'january', 'february',
  'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december',
  'medicare', 'medicaid', 'insurance', 'agent', 'agency', 'health', 'healthcare', 'benefits', 'portal',
  'arc', 'resource', 'company', 'office', 'business', 'money', 'dollar', 'default', 'temp', 'temporary',
  'test', 'tester', 'testing', 'guest', 'user', 'member', 'private', 'security', 'system', 'manager',
  'boss', 'baby', 'babygirl', 'sweet', 'sweetheart', 'honey', 'kitty', 'puppy', 'tiger', 'lion',
  'eagle', 'bear', 'wolf', 'fish', 'horse', 'buddy', 'chicken', 'pokemon', 'naruto', 'minecraft',
  'fortnite', 'matrix', 'ninja', 'mickey', 'disney', 'snoopy', 'winnie', 'peanut', 'coffee', 'pizza',
  'music', 'guitar', 'rock', 'rockstar', 'star', 'sky', 'ocean', 'forever', 'always', 'nothing',
  'mother', 'father', 'sister', 'brother', 'daddy', 'mommy', 'mama', 'papa', 'grandma', 'grandpa',
];

const LEET: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '0': 'o',
  '3': 'e',
  $: 's',
  '5': 's',
  '1': 'i',
  '!': 'i',
  '7': 't',
};

const listed = new Set(COMMON_PASSWORDS.map((p) => p.toLowerCase()));
const words = new Set(COMMON_WORDS);

const deleet = (value: string): string => [...value].map((c) => LEET[c] ?? c).join('');

/** The symbols on a US keyboard's digit keys, read as the digit (shift undone). */
const SHIFTED_DIGITS: Record<string, string> = {
  '!': '1',
  '@': '2',
  '#': '3',
  $: '4',
  '%': '5',
  '^': '6',
  '&': '7',
  '*': '8',
  '(': '9',
  ')': '0',
};
const unshift = (value: string): string => [...value].map((c) => SHIFTED_DIGITS[c] ?? c).join('');

let breachList: Promise<ReadonlySet<string>> | undefined;
/** The breach-corpus list, lower-cased, loaded once on first use (some 0.3 s and 3 MB, so not at start-up). */
export function loadBreachList(): Promise<ReadonlySet<string>> {
  // the production bundle (esbuild) hands the package over as a CommonJS module: its exports under `default`
  breachList ??= import('@zxcvbn-ts/language-common').then((loaded) => {
    const dictionary = (loaded.dictionary as typeof loaded.dictionary | undefined) ?? loaded.default.dictionary;
    return new Set((dictionary['passwords-common'] ?? []).map((p) => String(p).toLowerCase()));
  });
  return breachList;
}

/** The spellings a password is looked up under (see the file comment). */
function spellings(lower: string): string[] {
  const forms = [lower, unshift(lower)];
  const digitsAfterLetters = /^[a-z]{1,3}(\d{6,})$/u.exec(lower);
  if (digitsAfterLetters?.[1]) forms.push(digitsAfterLetters[1]);
  return forms;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  const lower = password.toLowerCase();
  if (listed.has(lower)) return true;
  const stem = lower.replace(/[\d\W_]+$/u, '');
  if (words.has(stem) || words.has(deleet(stem))) return true;
  const breached = await loadBreachList();
  return spellings(lower).some((form) => breached.has(form));
}
