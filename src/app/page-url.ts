import { DefaultUrlSerializer, type UrlSegmentGroup } from '@angular/router';

const serializer = new DefaultUrlSerializer();

/**
 * A decoded path segment or matrix parameter that stays one segment wherever Analog puts it: no
 * `/` or `\`, and not `.` or `..` (nor their `%2e` spellings, which `URL` treats the same).
 */
const isPlainSegment = (value: string) => !/[/\\]/.test(value) && !/^(?:\.|%2e){1,2}$/i.test(value);

const isPlainGroup = (group: UrlSegmentGroup): boolean =>
  group.segments.every(
    (segment) => isPlainSegment(segment.path) && Object.values(segment.parameters).every(isPlainSegment),
  ) && Object.values(group.children).every(isPlainGroup);

/**
 * True when the router can read `url` (a path and query) and each of its segments is plain. A page
 * parameter is a decoded segment (or a matrix parameter, `;id=`), and Analog writes it into the path
 * of the page's loader endpoint as it is: `..%2f..%2fv1%2fhello` would send the server's
 * loader request to `/api/v1/hello`, to an endless event stream, or into another page render. A URL
 * the router can't decode (`/%`) it would render as `/` instead, with a bare `NG04018` warning.
 */
export function isPlainPageUrl(url: string): boolean {
  try {
    return isPlainGroup(serializer.parse(url).root);
  } catch {
    return false;
  }
}
