/**
 * Rate alerts: the dashboard's management of a user's threshold and change alerts
 * (`/api/alerts`). The worker evaluates and delivers them.
 */
export { AlertsModule } from './alerts.module';
export { AlertsService, toRateAlertView } from './alerts.service';
