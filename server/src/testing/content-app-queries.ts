/**
 * The filter queries the Alfresco Content App adds to every search of its search page (aca-content's
 * app.extensions.json, `features.search[0].filterQueries`): tests and the search bench send them
 * as the app does.
 */
export const CONTENT_APP_SEARCH_FILTERS: readonly string[] = [
  "+TYPE:'cm:folder' OR +TYPE:'cm:content'",
  "-TYPE:'cm:thumbnail' AND -TYPE:'cm:failedThumbnail' AND -TYPE:'cm:rating'",
  '-cm:creator:System',
  "-TYPE:'st:site' AND -ASPECT:'st:siteContainer' AND -ASPECT:'sys:hidden'",
  "-TYPE:'dl:dataList' AND -TYPE:'dl:todoList' AND -TYPE:'dl:issue'",
  "-TYPE:'fm:topic' AND -TYPE:'fm:post'",
  "-TYPE:'lnk:link'",
  "-PATH:'//cm:wiki/*'",
];
