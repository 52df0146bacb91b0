/* global window */
// Run-time configuration of the Quire web app. A server or a static host may replace this file
// (it is served with the app and read before the app starts); leave a key out to use the default.
//   apiBaseUrl:  the core API, e.g. 'https://alfresco.example.com/alfresco/api/-default-/public/alfresco/versions/1'
//   authBaseUrl: the authentication API (default: apiBaseUrl with /authentication/versions/1 at the end)
//   orgchartBaseUrl: the org chart extension (default: apiBaseUrl's …/alfresco/service/api/ext/orgchart)
window.QUIRE_CONFIG = {};
