/**
 * NATS request/reply subjects. Each service listens in a queue group named after itself, so
 * every subject below is handled by exactly one replica of its owner.
 */
export const SERVICES = ['auth-service', 'catalog-service', 'payment-service', 'blog-service', 'feedback-service'] as const;
export type ServiceName = (typeof SERVICES)[number];

export const HealthPatterns: Record<ServiceName, string> = {
  'auth-service': 'auth.health',
  'catalog-service': 'catalog.health',
  'payment-service': 'payment.health',
  'blog-service': 'blog.health',
  'feedback-service': 'feedback.health',
};

export const BlogPatterns = {
  submitContact: 'blog.contact.submit',
  listPosts: 'blog.posts.list',
  getPost: 'blog.posts.get',
  /** The operators' page-view report (the gateway checks the `operator` role first). */
  pageViewReport: 'blog.analytics.report',
} as const;

export const AuthPatterns = {
  signUp: 'auth.signUp',
  signIn: 'auth.signIn',
  refresh: 'auth.refresh',
  signOut: 'auth.signOut',
  exchangeGoogleCode: 'auth.google.exchange',
  ensureUser: 'auth.ensureUser',
} as const;

export const CatalogPatterns = {
  listCards: 'catalog.cards.list',
  getTest: 'catalog.tests.get',
  submitAttempt: 'catalog.attempts.submit',
  getAttempt: 'catalog.attempts.get',
  listAttempts: 'catalog.attempts.list',
  reportItem: 'catalog.reports.create',
  /** The operators' list of item reports (the gateway checks the `operator` role first). */
  listItemReports: 'catalog.reports.list',
} as const;

/**
 * Asked by other services, never by the gateway (its NATS user may not publish under
 * `catalog.internal.>`): the texts and originals feedback-service checks.
 */
export const CatalogInternalPatterns = {
  attemptWriting: 'catalog.internal.attemptWriting',
} as const;

export const FeedbackPatterns = {
  /** One attempt's feedback for its learner: ready, pending, or 404. */
  getFeedback: 'feedback.attempts.get',
  /** The learner's skill profiles over their attempts (the dashboard's trend). */
  skillTrend: 'feedback.trend',
} as const;

export const PaymentPatterns = {
  createIntent: 'payment.intents.create',
  handleWebhook: 'payment.webhooks.handle',
  confirmTestCard: 'payment.testCards.confirm',
  clientConfig: 'payment.config',
} as const;
