/**
 * CloudFront Function (viewer request, S3 behaviour only) giving the SPA history-mode routing:
 * anything that is not a static file is served /index.html. Done here instead of distribution
 * error responses, which would also turn /api 404/403 JSON into index.html.
 *
 * Static files are recognised by a known extension rather than "has a dot", so client routes
 * such as /ticker/BRK.B still reach the app.
 */
export const spaFallbackCode = `
var STATIC_FILE = /\\.(html|js|mjs|css|map|json|txt|xml|webmanifest|ico|png|jpe?g|gif|svg|webp|avif|woff2?|ttf|otf)$/i;
function handler(event) {
  var request = event.request;
  if (!STATIC_FILE.test(request.uri)) {
    request.uri = '/index.html';
  }
  return request;
}
`;
