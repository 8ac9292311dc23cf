/** The demo Terms of Service (HTML; the web app sanitises it before showing it). */
export const DEMO_TERMS_HTML = `
<h2>Agent Resource Center — Terms of Service</h2>
<p>These terms govern your use of the Agent Resource Center ("ARC"), the portal the marketing organisation
provides to its contracted, licensed and appointed insurance agents. By selecting <strong>I AGREE</strong> you
accept them on your own behalf and, where you sign in as an agency contact, on behalf of your agency.</p>

<h3>1. Who may use ARC</h3>
<p>ARC is for agents who hold an active contract with us and a current license in the states where they sell.
Your sign-in is personal: do not share your password, and tell us at once if you believe someone else has used
your account.</p>

<h3>2. Confidential carrier material</h3>
<p>Benefit summaries, first-look documents, commission schedules and training content are confidential and are
provided for agent use only. Benefits shown before the annual enrollment period are subject to CMS approval and
may change. Do not give, forward or show this material to prospects, members or the public, and do not post it
on websites or social media.</p>

<h3>3. Marketing and compliance</h3>
<p>You remain responsible for following CMS Medicare Communications and Marketing Guidelines, state insurance
rules and each carrier's policies, including scope-of-appointment, call recording and consent requirements.
Use only approved marketing materials. Certification and training records shown in ARC come from the carriers
and may lag behind their systems.</p>

<h3>4. Personal and health information</h3>
<p>Enrollment documents, prospect lists and member-support cases may contain personal and protected health
information. Access it only for the purpose it was provided, keep it secure, and never download it to shared or
unencrypted devices. We log access to sensitive records.</p>

<h3>5. Availability and changes</h3>
<p>We aim to keep ARC available at all times but may interrupt it for maintenance. We may update these terms;
when we do, ARC will ask you to accept the new version before you continue.</p>

<h3>6. Ending access</h3>
<p>Your access ends when your contract ends, and we may suspend it if these terms are breached. Obligations of
confidentiality continue after access ends.</p>

<p>Questions about these terms: contact agent support through the Contact page.</p>
`.trim();
