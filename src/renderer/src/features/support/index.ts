/**
 * What the router and the other areas use of the support area (docs/decisions/0028-areas.md):
 * my reports, the video-report dialog, assistance. Imported at start-up: only loaders.
 */
/** 'Mes signalements' (/reports): the pupil's video reports. */
export const loadReportsPage = () => import('./ReportsPage.tsx')
/** 'Assistance' (/assistance): the help videos. */
export const loadAssistancePage = () => import('./AssistancePage.tsx')
/**
 * The video-report dialog in create mode, for a lesson's control bar:
 * `lazyComponent(loadReportDialog)` renders `{ contentId, lessonName, open, onClose }`.
 */
export const loadReportDialog = async () => (await import('./ReportDialog.tsx')).ReportDialog
