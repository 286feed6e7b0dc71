/**
 * Grip's rules, grouped by what they are about. Everything outside this package imports
 * '@grip/domain' (this file); inside it, files import each other by path.
 */
export * from './shared'; // constants, time windows, status vocabularies, formatting, API shapes
export * from './accounts'; // sign-up and sign-in, roles, passwords, security, settings, deletion
export * from './platform'; // routes and their guards, navigation, live events, uploads, the installable app
export * from './catalogue'; // the service catalogue and the category matching rule
export * from './geo'; // location privacy: public points, shown distances, address moves
export * from './lifecycles'; // request, offer and job: who may do what in which state, as tables
export * from './requests'; // the service request: form, status, the customer's and the business's views
export * from './offers'; // responses (quotes), counter offers, the customer's and the business's actions
export * from './bookings'; // confirmed jobs, contest window, job history, the business dashboard
export * from './reviews';
export * from './messages'; // conversations
export * from './notifications'; // in-app notifications and what leaves Grip (SMS, push)
export * from './businesses'; // the business profile
export * from './admin'; // administrators' screens and the audit log
export * from './trends'; // weekly trend charts: the weeks, the business's and the platform's series
export * from './moderation'; // block and report
export * from './assistant'; // the chat assistant
