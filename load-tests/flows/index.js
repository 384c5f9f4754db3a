// Every scenario of scenarios.json, by name.
import { attempt } from './attempt.js';
import { browse } from './browse.js';
import { dashboard } from './dashboard.js';
import { payment } from './payment.js';

export const flows = { browse, dashboard, attempt, payment };
