/**
 * The demo Terms of Service (HTML; the web app sanitises it before showing it), effective on 1 January of `year`,
 * the day the seed publishes it.
 */
export const demoTermsHtml = (year: number): string =>
  `
<h2>Agent Resource Center — Terms of Service</h2>
<p><em>Version 1 · Effective January 1, ${year}</em></p>
<p>These terms govern your use of the Agent Resource Center ("ARC"), the portal we provide to our contracted,
licensed and appointed insurance agents and agencies. By selecting <strong>I AGREE</strong> you accept them on
your own behalf and, where you sign in as the contact of an agency, on behalf of that agency. If you do not
accept them, do not use ARC.</p>

<h3>1. Who may use ARC</h3>
<p>ARC is for agents who hold an active contract with us and a current license in each state where they sell.
Your sign-in is personal. Do not share your password or let anyone else use your session, and tell us at once
if you believe someone else has used your account. You are responsible for what is done with your account
until you tell us otherwise.</p>

<h3>2. Confidential information</h3>
<p>Much of what you see in ARC is confidential: benefit summaries and first-look documents released before the
Annual Enrollment Period, commission schedules and statements, contract and hierarchy details, training
content and our internal procedures. Use it only to support your own sales and service to members. Keep it
secure, and do not disclose it to anyone who is not a contracted agent of ours. This duty continues after your
access ends.</p>

<h3>3. Use of carrier materials</h3>
<p>Carrier documents, logos and plan information remain the property of the carriers that publish them. They
are made available to you under your carrier appointments for the purposes those appointments allow. Do not
alter them, remove their notices, combine them into your own materials, or present draft benefits as final.</p>

<h3>4. No distribution to prospects or the public</h3>
<p>Material marked <strong>for agent use only</strong>, including every first-look and benefit overview
document, must not be given, sent, shown or read out to prospects, members or the public, and must not be
posted on websites, social media or lead-generation pages. Benefits shown before approval are subject to CMS
approval and may change; presenting them to a consumer can mislead and can breach Medicare marketing rules.</p>

<h3>5. Medicare marketing and CMS compliance</h3>
<p>You remain responsible for following the CMS Medicare Communications and Marketing Guidelines, the
regulations at 42 CFR Parts 422 and 423, state insurance law and each carrier's policies. This includes
documenting a scope of appointment where required, recording calls where required, respecting consent and
do-not-call rules, completing your annual certifications before you sell, and using only approved marketing
materials. Certification and training records shown in ARC come from the carriers and may lag behind their
systems; the carrier's record prevails.</p>

<h3>6. Privacy and protected health information</h3>
<p>Enrollment documents, prospect lists and member-support cases can contain personal information and
protected health information. Access such records only for the purpose they were provided, keep them on
secured and encrypted devices, never forward them to personal e-mail accounts, and delete downloaded copies
once you no longer need them. Report any suspected loss or unauthorised disclosure to us within one business
day. We handle your own information as our privacy policy describes.</p>

<h3>7. Records and monitoring</h3>
<p>We log sign-ins, downloads and other activity in ARC to protect the information in it and to meet our
obligations to carriers and regulators. We may review these records and share them with a carrier or a
regulator when the law or our contracts require it.</p>

<h3>8. Changes to ARC and to these terms</h3>
<p>We may change, add or withdraw features and content at any time, and may interrupt ARC for maintenance.
When we publish a new version of these terms, ARC will ask you to accept it before you continue; the version
you accepted and the time you accepted it are recorded.</p>

<h3>9. Suspension and termination</h3>
<p>Your access ends when your contract with us ends or your license lapses. We may suspend or end access at
once if we reasonably believe these terms, carrier rules or the law have been breached, or to protect members'
information. Sections 2, 4, 6 and 7 survive the end of your access.</p>

<h3>10. General</h3>
<p>ARC is provided to support your business; it does not replace carrier systems or your own professional
judgement, and we do not guarantee that it will be uninterrupted or free of errors. These terms sit alongside
your agent agreement with us; where they conflict on the use of ARC, these terms apply.</p>

<p>Questions about these terms: contact agent support through the Contact page.</p>
`.trim();
