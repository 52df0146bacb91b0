/**
 * Generated from openapi/openapi.yaml by `npm run contract:gen`. Do not edit by hand.
 */

export interface paths {
    "/probes/-ready-": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness probe (no authentication); 503 while the database is unreachable. */
        get: operations["getReadyProbe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/probes/-live-": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness probe (no authentication). */
        get: operations["getLiveProbe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The repository's rules a client checks input against (name policy, limits); any signed-in person */
        get: operations["getSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nodes/{nodeId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
            };
            cookie?: never;
        };
        /**
         * Get a node
         * @description Also a download (`POST /downloads`), for its creator and administrators: a `download:download`
         *     file named after the zip, as ADF reads it before fetching the zip.
         */
        get: operations["getNode"];
        /**
         * Update a node (rename, properties, aspects)
         * @description `properties` are merged into the node's properties (a `null` value removes one);
         *     `aspectNames` is the complete set of aspects the node should have: aspects left out are
         *     removed together with their properties. Last write wins.
         */
        put: operations["updateNode"];
        post?: never;
        /** Delete a node (folders with everything in them) into the trashcan, or permanently */
        delete: operations["deleteNode"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nodes/{nodeId}/children": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
            };
            cookie?: never;
        };
        /**
         * List the children of a folder
         * @description Default order: folders first, then name ascending (case-insensitive).
         *     `where` accepts `isFolder`, `isFile` and `nodeType` (optionally `'type INCLUDESUBTYPES'`),
         *     `isPrimary` and `assocType`, joined with AND.
         */
        get: operations["listNodeChildren"];
        put?: never;
        /**
         * Create a folder or a file (JSON), or upload a file (multipart)
         * @description JSON creates a folder (`cm:folder`) or an empty file (`cm:content`).
         *     `multipart/form-data` uploads a file: the file part is `filedata`; the fields `name`,
         *     `nodeType`, `autoRename` and `renditions` are understood, and any field whose name has a namespace
         *     prefix (`cm:title`) is set as a property. The upload streams to disk; a failed upload
         *     leaves no node and no file.
         *     A folder (made by the create or by its `relativePath`) may be at most `MAX_FOLDER_DEPTH`
         *     levels below Company Home (default 256); deeper is 422 and creates nothing.
         */
        post: operations["createNode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nodes/{nodeId}/content": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The identifier of a node. */
                nodeId: components["parameters"]["nodeId"];
            };
            cookie?: never;
        };
        /**
         * Download the content of a file
         * @description Streams the bytes with `Content-Disposition: attachment` (inline only for `attachment=false`
         *     and a type a browser shows safely: PDF and images), `X-Content-Type-Options: nosniff`,
         *     `ETag`, `Last-Modified` and byte ranges. For a download (`POST /downloads`), its zip once
         *     `DONE` (before: 404), for its creator and administrators.
         */
        get: operations["getNodeContent"];
        /** Replace the content of a file (the request body is the raw bytes) */
        put: operations["updateNodeContent"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nodes/{nodeId}/request-direct-access-url": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The identifier of a node. */
                nodeId: components["parameters"]["nodeId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A short-lived URL that downloads the file's content without other credentials
         * @description As Alfresco's direct access URLs (ACS 7.1+): needs read access to the file. The
         *     `contentUrl` works for `DOWNLOAD_URL_TTL_SECONDS` (default 30 s) and only for this content;
         *     it carries a signed token, not the caller's ticket, and the download checks again that its
         *     person may still read the node. Anyone holding the URL may use it (also more than once)
         *     until it expires: hand it to a browser, never to a log or another person. `nodeId` may
         *     also be a zip download's id (`POST /downloads`) once its zip is built: its creator (or an
         *     administrator) gets a URL for the zip.
         */
        post: operations["requestNodeDirectAccessUrl"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nodes/{nodeId}/secondary-children": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
            };
            cookie?: never;
        };
        /**
         * The secondary children of a node
         * @description Nodes filed under this node besides their primary parent.
         */
        get: operations["listSecondaryChildren"];
        put?: never;
        /** File nodes under this folder too (secondary child associations) */
        post: operations["createSecondaryChildAssociation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nodes/{nodeId}/secondary-children/{childId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The identifier of a node. */
                nodeId: components["parameters"]["nodeId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove secondary child associations to a node */
        delete: operations["deleteSecondaryChildAssociation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nodes/{nodeId}/parents": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
            };
            cookie?: never;
        };
        /**
         * The parents of a node (primary and secondary)
         * @description The primary parent has `isPrimary` true.
         */
        get: operations["listParents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nodes/{nodeId}/targets": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
            };
            cookie?: never;
        };
        /**
         * The targets of the peer associations of a node
         * @description Peer associations: `cm:references`, `cm:attachments`, `cm:original`.
         */
        get: operations["listTargetAssociations"];
        put?: never;
        /** Create peer associations from this node */
        post: operations["createAssociation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nodes/{nodeId}/targets/{targetId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The identifier of a node. */
                nodeId: components["parameters"]["nodeId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove peer associations to a target */
        delete: operations["deleteAssociation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nodes/{nodeId}/sources": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
            };
            cookie?: never;
        };
        /**
         * The sources of peer associations to a node
         * @description The reverse of targets.
         */
        get: operations["listSourceAssociations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nodes/{nodeId}/copy": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Copy a node into a folder (folders with everything in them)
         * @description Properties, aspects and content are kept (content is shared until one side changes);
         *     locks are not; versioned files start a fresh history at 1.0; every copy gets
         *     `cm:copiedfrom`. The copy keeps the source's name unless `name` is given.
         *     Each copied node keeps its outgoing associations: the peer associations it is the source
         *     of and the secondary children it holds. An end inside the copied tree is replaced by its
         *     copy; associations pointing at a copied node from outside are not copied. Renditions are not copied.
         *     A copy that would put a folder more than `MAX_FOLDER_DEPTH` levels below Company Home is 422.
         */
        post: operations["copyNode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nodes/{nodeId}/move": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move a node into a folder (never into itself or below itself)
         * @description A move that would put a folder more than `MAX_FOLDER_DEPTH` levels below Company Home is 422.
         */
        post: operations["moveNode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nodes/{nodeId}/lock": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Lock a file for the caller (or refresh the caller's lock)
         * @description Company Home, Data Dictionary, Sites and site nodes cannot be locked: 403, administrators
         *     included (as Alfresco), before any other check.
         *
         *     `ALLOW_OWNER_CHANGES` (default) lets the lock owner change the node and nobody else;
         *     `FULL` lets nobody change it, the owner included. `PERSISTENT` locks (default) are kept in
         *     the database; `EPHEMERAL` ones are cleared when a server starts. `timeToExpire` in seconds;
         *     0 or absent = never. A change to a locked node is answered with 409.
         */
        post: operations["lockNode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nodes/{nodeId}/unlock": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Remove the lock of a file (its owner or an administrator) */
        post: operations["unlockNode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nodes/{nodeId}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
            };
            cookie?: never;
        };
        /** The version history of a file, newest first (empty for an unversioned file) */
        get: operations["listVersionHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nodes/{nodeId}/versions/{versionId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
                /** @description A version label, for example `1.2`. */
                versionId: components["parameters"]["versionId"];
            };
            cookie?: never;
        };
        /** One version */
        get: operations["getVersion"];
        put?: never;
        post?: never;
        /** Delete a version (the newest rolls the file back to the one before; the last one cannot go) */
        delete: operations["deleteVersion"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nodes/{nodeId}/versions/{versionId}/renditions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
                /** @description A version label, for example `1.2`. */
                versionId: components["parameters"]["versionId"];
            };
            cookie?: never;
        };
        /**
         * The renditions of a version (none - no converter is installed)
         * @description ADF's viewer asks for them when it shows an old version of a file it cannot show itself.
         *     The version must exist and its file be readable (404, 403).
         */
        get: operations["listVersionRenditions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nodes/{nodeId}/versions/{versionId}/renditions/{renditionId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
                /** @description A version label, for example `1.2`. */
                versionId: components["parameters"]["versionId"];
                /** @description A rendition id, for example `pdf`. */
                renditionId: string;
            };
            cookie?: never;
        };
        /** One rendition of a version (404 - no converter is installed) */
        get: operations["getVersionRendition"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nodes/{nodeId}/versions/{versionId}/content": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
                /** @description A version label, for example `1.2`. */
                versionId: components["parameters"]["versionId"];
            };
            cookie?: never;
        };
        /** Download the content of a version (same headers as the node's content) */
        get: operations["getVersionContent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nodes/{nodeId}/versions/{versionId}/request-direct-access-url": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
                /** @description A version label, for example `1.2`. */
                versionId: components["parameters"]["versionId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A short-lived URL that downloads one version's content (as the node's, for that version only) */
        post: operations["requestVersionDirectAccessUrl"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/direct-access/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The token of a `contentUrl` from a request-direct-access-url operation. */
                token: string;
            };
            cookie?: never;
        };
        /**
         * Download through a direct access URL (no other credentials; the token is never logged)
         * @description The content of the node (or version) the token names, with the headers of the content
         *     download, while the token has not expired and its person is enabled and may still read
         *     the node. An invalid, tampered or expired token is 403, as is a person who may no longer
         *     read the node; a node or version deleted since is 404.
         */
        get: operations["getDirectAccessContent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nodes/{nodeId}/versions/{versionId}/revert": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
                /** @description A version label, for example `1.2`. */
                versionId: components["parameters"]["versionId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Make a version's content current again, as a new version (minor unless majorVersion) */
        post: operations["revertVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nodes/{nodeId}/renditions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
            };
            cookie?: never;
        };
        /**
         * The renditions requested for a file, by id (empty when none was requested)
         * @description Renditions are requested with the upload's `renditions` field. No converter is installed,
         *     so each stays `NOT_CREATED`. A folder has no renditions (400).
         */
        get: operations["listRenditions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nodes/{nodeId}/renditions/{renditionId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
                /** @description A rendition id, for example `doclib`. */
                renditionId: string;
            };
            cookie?: never;
        };
        /** One rendition of a file (404 when it was never requested) */
        get: operations["getRendition"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/deleted-nodes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The trash items the caller deleted (administrators - everyone's), newest first */
        get: operations["listDeletedNodes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/deleted-nodes/{nodeId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The identifier of a node. */
                nodeId: components["parameters"]["nodeId"];
            };
            cookie?: never;
        };
        /** One trash item */
        get: operations["getDeletedNode"];
        put?: never;
        post?: never;
        /** Purge a trash item and everything below it for good (its content is released) */
        delete: operations["purgeDeletedNode"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/deleted-nodes/{nodeId}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The identifier of a node. */
                nodeId: components["parameters"]["nodeId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore a trash item (with everything below it) to where it was deleted from, or into another folder
         * @description The node keeps its id, properties, aspects, versions, permissions, associations and
         *     favorites. 404 when the folder it was deleted from is gone (or in the trashcan) and no
         *     `targetParentId` is given; 409 when its name is taken there; 403 when the caller may not
         *     add children to the folder.
         */
        post: operations["restoreDeletedNode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/deleted-nodes/{nodeId}/content": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The identifier of a node. */
                nodeId: components["parameters"]["nodeId"];
            };
            cookie?: never;
        };
        /** Download the content of a deleted file (a trash item, or a file below one) */
        get: operations["getDeletedNodeContent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/deleted-nodes/{nodeId}/renditions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The identifier of a node. */
                nodeId: components["parameters"]["nodeId"];
            };
            cookie?: never;
        };
        /** The renditions requested for a deleted file (a trash item) */
        get: operations["listDeletedNodeRenditions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/deleted-nodes/{nodeId}/renditions/{renditionId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The identifier of a node. */
                nodeId: components["parameters"]["nodeId"];
                /** @description A rendition id, for example `doclib`. */
                renditionId: string;
            };
            cookie?: never;
        };
        /** One rendition of a deleted file (404 when it was never requested) */
        get: operations["getDeletedNodeRendition"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/deleted-nodes/{nodeId}/renditions/{renditionId}/content": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The identifier of a node. */
                nodeId: components["parameters"]["nodeId"];
                renditionId: string;
            };
            cookie?: never;
        };
        /**
         * The content of a rendition of a deleted file
         * @description No converter is installed, so a requested rendition is NOT_CREATED and this is 404.
         */
        get: operations["getDeletedNodeRenditionContent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/downloads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a zip of nodes (a folder, or several items)
         * @description Records a download, `PENDING`, and answers at once (202); the zip is built off the request,
         *     by whichever server instance takes the job, as the caller: each node and, for a folder,
         *     everything below it the caller may read, with its folder structure (what they may not read
         *     is left out, and so is what is below it; trashed nodes never). Poll `GET /downloads/{downloadId}`
         *     until `status` is `DONE`, then fetch the zip from `GET /nodes/{downloadId}/content` (the
         *     download is a node, `download:download`, named `<name>.zip` for one node and `archive.zip`
         *     for several, as in Alfresco). More than `DOWNLOAD_MAX_BYTES` of content or `DOWNLOAD_MAX_FILES`
         *     files and folders ends it `MAX_CONTENT_SIZE_EXCEEDED`. No node ids, or one twice: 400; a
         *     node that does not exist: 404; one the caller may not read: 403. A download, its zip
         *     included, is removed `DOWNLOAD_RETENTION_MINUTES` after it was made. A person may have
         *     `DOWNLOAD_MAX_PER_PERSON` downloads at once (finished ones count until removed): 429 beyond.
         */
        post: operations["createDownload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/downloads/{downloadId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The download's id (also its node id). */
                downloadId: string;
            };
            cookie?: never;
        };
        /**
         * How far a download's zip has come
         * @description Only its creator and administrators see a download; for anyone else it is 404.
         */
        get: operations["getDownload"];
        put?: never;
        post?: never;
        /**
         * Cancel a download (202)
         * @description A download `PENDING` or `IN_PROGRESS` ends `CANCELLED` (the job stops within about a
         *     second and keeps no zip); a `DONE` one is removed with its zip (freeing its place among
         *     the person's `DOWNLOAD_MAX_PER_PERSON`); one that ended otherwise is left as it is. 404 as
         *     for GET.
         */
        delete: operations["cancelDownload"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The node types of the content model
         * @description `where` accepts `parentId in ('cm:content', …)` (the types derived from those),
         *     `modelId in ('cm:contentmodel', …)` and `namespaceUri matches('http://www.alfresco.*')` (in
         *     the pattern `.*` is anything and `.` any character, the rest is literal), each optionally
         *     `not`, joined by `and` or `or`, as ADF's type picker asks; other predicates are a 400.
         */
        get: operations["listTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/types/{typeId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One node type with its properties */
        get: operations["getType"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/aspects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The aspects of the content model
         * @description `where` as for the types (`parentId in`, `modelId in`, `namespaceUri matches`), as ADF's
         *     aspect picker asks: `(modelId in ('cm:contentmodel', 'app:applicationmodel'))`.
         */
        get: operations["listAspects"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/aspects/{aspectId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One aspect with its properties */
        get: operations["getAspect"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Nodes that match an AFTS query and that the caller may read
         * @description `query.query` in AFTS (or the same subset written as Lucene), with `filterQueries` that
         *     narrow it (each must match). Words are looked up in the index of names, titles,
         *     descriptions and the text of contents (text extracted moments after an upload; names and
         *     properties at once). A query the grammar refuses, or valid AFTS Quire does not answer, is a
         *     400 that says where or what. `totalItems` is exact. Sorting by `SCORE` (the default, or a
         *     FIELD named `score`) ranks a word in the name above one in the title, the description and
         *     the content's text, then the newest first.
         *     A filter query `TYPE:'cm:authority'` (or `cm:person`, `cm:authorityContainer`) searches
         *     people and groups instead, as ADF's "add user or group" picker asks: fields `userName`,
         *     `firstName`, `lastName`, `email`, `displayName`, `authorityName`, `authorityDisplayName`
         *     (wildcards as `*al*`), zones by `PATH:"//cm:APP.DEFAULT/*"` or `ANAME:"0/APP.DEFAULT"`;
         *     each is an entry of type `cm:person` (properties `cm:userName`, `cm:firstName`,
         *     `cm:lastName`, `cm:email`) or `cm:authorityContainer` (`cm:authorityName`,
         *     `cm:authorityDisplayName`), ordered by id. Groups the caller may not know of (a private
         *     site's) are not found; facets, highlights and other sorts are a 400 there.
         */
        post: operations["search"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/queries/nodes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Files and folders the caller may read whose name, title, description or content match a term
         * @description Each word of `term` (letters and digits; other characters separate words, `*` and `?`
         *     are dropped) must begin a word of the node's name, title, description or content text
         *     (once extracted), in any order.
         *     `term` needs at least 3 letters or digits (400 otherwise). Without `nodeType`, files and
         *     folders (and their subtypes) are found, but not sites, site containers, hidden nodes or
         *     nodes the system created; with it, nodes of that type and its subtypes (an unknown type is
         *     400). `rootNodeId` (an id or `-root-`, `-my-`, `-shared-`) keeps the nodes below that
         *     node (404 when it does not exist, 403 when the caller may not read it). Ordered by
         *     `modifiedAt` descending unless `orderBy` says otherwise (`name`, `createdAt`,
         *     `modifiedAt`; others are 400). `totalItems` is exact.
         */
        get: operations["findNodes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/queries/people": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * People whose id, first name or last name contain a term
         * @description Each word of `term` must be part of the person's id, first name or last name (any case);
         *     `term` needs at least 2 letters or digits (400 otherwise). Disabled people are found too,
         *     with `enabled: false`, as in Alfresco. Ordered by `firstName`, then `lastName` (missing
         *     names first) unless `orderBy` says otherwise (`id`, `firstName`, `lastName`; others are 400).
         */
        get: operations["findPeople"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/queries/sites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sites the caller can see whose id, title or description contain a term
         * @description Each word of `term` must be part of the site's id, title or description (any case);
         *     `term` needs at least 2 letters or digits (400 otherwise). The caller finds the sites
         *     `GET /sites` shows them: PUBLIC and MODERATED sites and the PRIVATE ones they are a member
         *     of (administrators: every site). Ordered by `title` unless `orderBy` says otherwise
         *     (`id`, `title`, `description`; others are 400). `role` is the caller's.
         */
        get: operations["findSites"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live updates of what the caller may read, as server-sent events (Quire's own API)
         * @description A `text/event-stream` that stays open. Each message is one change: `id:` the event's id, `data:`
         *     a `LiveEvent` as JSON (every message has the default event name). Changes of nodes (created,
         *     updated, moved, locked, unlocked, permissions, deleted, restored, purged, version) come only
         *     when the caller may read the node, and its folder when that folder exists, checked when the
         *     event is sent with the caller's authorities then; `membership` comes to the person (or
         *     members of the group) added to or removed from a group. Comment lines (`: keep-alive`)
         *     every 15 s keep proxies from closing it; the stream ends when the caller's credentials stop
         *     being valid (sign-out, an expired ticket, a disabled person). An open stream does not keep
         *     a ticket from expiring.
         *
         *     Send the `Authorization` header as for any call (browsers: read the stream with `fetch`,
         *     since `EventSource` cannot send headers). Reconnect with `Last-Event-ID` set to the last id
         *     received to get what happened meanwhile; when the log no longer holds it (events are kept
         *     `EVENTS_RETENTION_HOURS`, default 24) or never held it, the stream starts with a `reset`
         *     event: reload everything shown, then go on. At most `EVENTS_MAX_CONNECTIONS_PER_USER` (10)
         *     streams per person (429) and `EVENTS_MAX_CONNECTIONS` (2000) per server instance (503).
         */
        get: operations["streamEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trash/empty": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Purge every trash item, everyone's, for good (administrators only; Quire's own API)
         * @description Purges the oldest items first, a batch per transaction, for about five seconds, then answers
         *     how many it purged and how many are left: a client asks again until `remaining` is 0. Items
         *     deleted after the request began are left for the next request.
         */
        post: operations["emptyTrash"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/discovery": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What this repository is and supports (Alfresco's discovery API); any signed-in person
         * @description The entry Alfresco's clients read at start-up. `version` is the Alfresco version whose
         *     features Quire serves (see the README); `status` says truthfully what is on: a flag turns on
         *     only with the feature behind it. `modules` are Quire's own extensions.
         */
        get: operations["getDiscovery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/classes/{className}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One type or aspect as Alfresco's legacy dictionary web script describes it (the Content App's properties panel)
         * @description `className` is the prefixed name with an underscore (`cm_titled`, `cm_content`). Properties
         *     include the inherited ones; an unknown class is 404 in the web script runtime's shape.
         */
        get: operations["getClassDefinition"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/classes/{className}/subclasses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The subtypes or subaspects of a class, by title (legacy dictionary web script) */
        get: operations["listSubclassDefinitions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tickets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in with user name and password; the ticket works as Basic credentials or `alf_ticket` */
        post: operations["createTicket"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tickets/{ticketId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Only `-me-` (the ticket the request was authenticated with). */
                ticketId: string;
            };
            cookie?: never;
        };
        /** The ticket this request carries, when it is valid */
        get: operations["validateTicket"];
        put?: never;
        post?: never;
        /** Sign out (the ticket this request carries stops working) */
        delete: operations["deleteTicket"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Sign in with u and pw; the ticket as XML (<ticket>…</ticket>), or as JSON with format=json */
        get: operations["classicLogin"];
        put?: never;
        /** Sign in with a JSON body of username and password; the ticket as {"data": {"ticket": …}} */
        post: operations["classicLoginJson"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/login/ticket/{ticket}": {
        parameters: {
            query?: {
                /** @description `xml` (default) or `json`. */
                format?: "xml" | "json";
            };
            header?: never;
            path: {
                /** @description A ticket of the caller. */
                ticket: string;
            };
            cookie?: never;
        };
        /** 200 with the ticket when it is a valid ticket of the caller, else 404 */
        get: operations["classicValidateTicket"];
        put?: never;
        post?: never;
        /** Sign out a ticket of the caller (it stops working); 404 when it is not one */
        delete: operations["classicLogout"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/people": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** People, ordered by id (or firstName, lastName); capabilities only with include=capabilities */
        get: operations["listPeople"];
        put?: never;
        /** Create a person with a home folder (administrators only) */
        post: operations["createPerson"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/people/{personId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A person id, or `-me-` for the caller. */
                personId: components["parameters"]["personId"];
            };
            cookie?: never;
        };
        /** One person (`-me-` for the caller) */
        get: operations["getPerson"];
        /** Update a person (the person or an administrator; enabled and quota by administrators only) */
        put: operations["updatePerson"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/people/{personId}/groups": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A person id, or `-me-` for the caller. */
                personId: components["parameters"]["personId"];
            };
            cookie?: never;
        };
        /** The groups a person belongs to, directly or through other groups */
        get: operations["listGroupMembershipsForPerson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/people/{personId}/sites": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A person id, or `-me-` for the caller. */
                personId: components["parameters"]["personId"];
            };
            cookie?: never;
        };
        /**
         * The sites a person is a member of, with the person's role
         * @description For another person, only the sites the caller can see are listed. Ordered by site title
         *     unless `orderBy` says otherwise (`title`, `id`, `role`).
         */
        get: operations["listSiteMembershipsForPerson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/people/{personId}/site-membership-requests": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A person id, or `-me-` for the caller. */
                personId: components["parameters"]["personId"];
            };
            cookie?: never;
        };
        /**
         * The caller's pending requests to join sites, by site title
         * @description Only the caller's own (`-me-` or their own id): for anyone else the answer is 404,
         *     administrators included, as Alfresco. Requests to sites that are no longer MODERATED are
         *     not listed.
         */
        get: operations["listSiteMembershipRequestsForPerson"];
        put?: never;
        /**
         * Ask to join a site (the Content App's "Join library")
         * @description For the caller only (`-me-` or their own id; anyone else is 404, administrators included).
         *     A PUBLIC site is joined at once as SiteConsumer; a MODERATED site keeps the request until
         *     one of its SiteManagers approves or rejects it, or the caller cancels it. As Alfresco, the
         *     404s come first, so that a private site cannot be told from a missing one: an unknown or
         *     PRIVATE site is 404 (even to a member of it); then a member of the site is 400, and a
         *     second request to the same site is 400. `title` and `client` are accepted and not kept.
         */
        post: operations["createSiteMembershipRequestForPerson"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/people/{personId}/site-membership-requests/{siteId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A person id, or `-me-` for the caller. */
                personId: components["parameters"]["personId"];
                /** @description A site id (case-insensitive). */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        /**
         * A person's pending request to join a MODERATED site
         * @description The person themself, a SiteManager of the site and administrators see it; to anyone else,
         *     as when there is none or the site is not MODERATED, it is 404.
         */
        get: operations["getSiteMembershipRequestForPerson"];
        /**
         * Change the message of the caller's pending request
         * @description For the caller only (anyone else is 404); 404 when there is no request.
         */
        put: operations["updateSiteMembershipRequestForPerson"];
        post?: never;
        /**
         * Cancel a pending request (404 when there is none)
         * @description The person themself, a SiteManager of the site or an administrator; anyone else gets 403,
         *     whether or not there is a request.
         */
        delete: operations["deleteSiteMembershipRequestForPerson"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/people/{personId}/favorites": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A person id, or `-me-` for the caller. */
                personId: components["parameters"]["personId"];
            };
            cookie?: never;
        };
        /**
         * The caller's favorite files, folders and sites
         * @description Only the caller's own favorites (`-me-` or their own id): for anyone else, known or not,
         *     the answer is 404, administrators included (as Alfresco). Ordered as Alfresco orders them
         *     unless `orderBy` says otherwise: files, then folders, then sites, the newest first within
         *     each. Favorites whose target the caller can no longer read are left out, and `totalItems`
         *     counts only those listed.
         */
        get: operations["listFavorites"];
        put?: never;
        /**
         * Add files, folders or sites to the caller's favorites
         * @description The target is named by `guid` (a node id; for a site, the id of its `st:site` node) or,
         *     for a site, by `id` (the site id, a Quire extension). A target that does not exist, that
         *     the caller cannot read, or that is not of the kind named (a folder given as `file`) is
         *     404. Adding a favorite again is 201 with the existing favorite (as Alfresco; its
         *     documentation promises 409). An array body adds several at once (all of them or none)
         *     and is answered with a list.
         */
        post: operations["createFavorite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/people/{personId}/favorites/{favoriteId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A person id, or `-me-` for the caller. */
                personId: components["parameters"]["personId"];
                /** @description The id of the favorite's target (`targetGuid`). */
                favoriteId: string;
            };
            cookie?: never;
        };
        /** One of the caller's favorites (404 when it is none, or its target cannot be read) */
        get: operations["getFavorite"];
        put?: never;
        post?: never;
        /**
         * Remove one of the caller's favorites (404 when it is none)
         * @description A favorite whose target the caller can no longer read can still be removed.
         */
        delete: operations["deleteFavorite"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/people/{personId}/favorite-sites": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A person id, or `-me-` for the caller. */
                personId: components["parameters"]["personId"];
            };
            cookie?: never;
        };
        /**
         * The caller's favorite sites (Alfresco's older form of favorites of sites)
         * @description The sites among the caller's favorites (the same favorites as `/favorites`), as sites,
         *     ordered by site id. Only the caller's own: for anyone else the answer is 404. The
         *     Alfresco JavaScript client calls it `listFavoriteSitesForPerson`.
         */
        get: operations["listFavoriteSitesForPerson"];
        put?: never;
        /**
         * Add a site to the caller's favorites, by its id
         * @description A site that does not exist or that the caller cannot see is 404; a site that is a
         *     favorite already is 409 (as Alfresco here, unlike `/favorites`, which answers 201 again).
         */
        post: operations["createSiteFavorite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/people/{personId}/favorite-sites/{siteId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A person id, or `-me-` for the caller. */
                personId: components["parameters"]["personId"];
                /** @description The site's id. */
                siteId: string;
            };
            cookie?: never;
        };
        /**
         * One of the caller's favorite sites (404 when it is none)
         * @description ADF's library star (the Content App's "Favorite" action on a library) asks this to know
         *     whether a library is a favorite.
         */
        get: operations["getFavoriteSite"];
        put?: never;
        post?: never;
        /** Remove a site from the caller's favorites (404 when it is none) */
        delete: operations["deleteSiteFavorite"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Groups, ordered by display name (GROUP_EVERYONE is not listed) */
        get: operations["listGroups"];
        put?: never;
        /** Create a group (administrators only) */
        post: operations["createGroup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/groups/{groupId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A group id (`GROUP_…`). */
                groupId: components["parameters"]["groupId"];
            };
            cookie?: never;
        };
        /** One group */
        get: operations["getGroup"];
        put?: never;
        post?: never;
        /** Delete a group (administrators only; built-in and site groups cannot be deleted) */
        delete: operations["deleteGroup"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/groups/{groupId}/members": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A group id (`GROUP_…`). */
                groupId: components["parameters"]["groupId"];
            };
            cookie?: never;
        };
        /** The direct members of a group (people and groups), ordered by display name */
        get: operations["listGroupMembers"];
        put?: never;
        /** Add a person or a group to a group (administrators only) */
        post: operations["createGroupMembership"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/groups/{groupId}/members/{groupMemberId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A group id (`GROUP_…`). */
                groupId: components["parameters"]["groupId"];
                /** @description A person id or a group id. */
                groupMemberId: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a member from a group (administrators only) */
        delete: operations["deleteGroupMembership"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The sites the caller can see
         * @description PUBLIC and MODERATED sites, and the PRIVATE ones the caller is a member of (administrators
         *     see every site). Ordered by title unless `orderBy` says otherwise (`title`, `id`,
         *     `description`). `role` is the caller's role, omitted where the caller is not a member.
         */
        get: operations["listSites"];
        put?: never;
        /**
         * Create a site; the caller becomes its SiteManager
         * @description The site is an `st:site` folder under Sites with a `documentLibrary` container, and the
         *     groups `GROUP_site_<id>` and `GROUP_site_<id>_<role>` for the four site roles. Without
         *     `id`, the id is made from the title (characters other than letters, digits, `-` and space
         *     dropped, spaces collapsed to `-`, lower case). A site id that is taken gives 409.
         */
        post: operations["createSite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sites/{siteId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A site id (case-insensitive). */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        /** One site (404 for a PRIVATE site the caller is not a member of) */
        get: operations["getSite"];
        /**
         * Change the title, description or visibility of a site (SiteManagers and administrators)
         * @description A change of visibility changes who may read the site and its content.
         */
        put: operations["updateSite"];
        post?: never;
        /** Delete a site with its content, groups and memberships (SiteManagers and administrators) */
        delete: operations["deleteSite"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sites/{siteId}/containers": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A site id (case-insensitive). */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        /** The containers of a site the caller may read (`documentLibrary`) */
        get: operations["listSiteContainers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sites/{siteId}/containers/{containerId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A site id (case-insensitive). */
                siteId: components["parameters"]["siteId"];
                /** @description The container's folder id, for example `documentLibrary`. */
                containerId: string;
            };
            cookie?: never;
        };
        /** One container of a site */
        get: operations["getSiteContainer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sites/{siteId}/members": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A site id (case-insensitive). */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        /** The members of a site, ordered by last name, first name, role and id */
        get: operations["listSiteMemberships"];
        put?: never;
        /**
         * Add people to a site with a role (SiteManagers and administrators), or join a public site
         * @description An array body adds several people at once (all of them or none) and is answered with a list. Anyone else may only join: add themself, alone, as SiteConsumer, to a PUBLIC site (403 otherwise; a MODERATED site needs a join request, POST /people/-me-/site-membership-requests). Adding a person ends their pending request to join the site. A member leaves with DELETE /sites/{siteId}/members/-me-.
         */
        post: operations["createSiteMembership"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sites/{siteId}/members/{personId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A site id (case-insensitive). */
                siteId: components["parameters"]["siteId"];
                /** @description A person id, or `-me-` for the caller. */
                personId: components["parameters"]["personId"];
            };
            cookie?: never;
        };
        /** One member of a site (404 when the person is not a member) */
        get: operations["getSiteMembership"];
        /**
         * Change a member's role (SiteManagers and administrators)
         * @description As Alfresco: 400 when the person is not a member of the site, 422 when the caller is
         *     neither a SiteManager of it nor an administrator, and 422 when the change would leave the
         *     site without a SiteManager.
         */
        put: operations["updateSiteMembership"];
        post?: never;
        /**
         * Remove a member (a member may leave; removing others needs SiteManager)
         * @description As Alfresco: 400 when the person is not a member of the site or is its last SiteManager,
         *     then 422 when the caller, removing someone else, is neither a SiteManager of the site nor
         *     an administrator.
         */
        delete: operations["deleteSiteMembership"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/site-membership-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The pending requests to join the sites the caller manages (administrators, all sites)
         * @description The requests to the MODERATED sites the caller is a SiteManager of (every site for an
         *     administrator; none for anyone else), by site title, each with the person asking.
         *     `where=(siteId='…')`, `where=(personId='…')` or both joined with AND narrow the list.
         */
        get: operations["getSiteMembershipRequests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sites/{siteId}/site-membership-requests/{inviteeId}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A site id (case-insensitive). */
                siteId: components["parameters"]["siteId"];
                /** @description The id of the person who asked to join. */
                inviteeId: components["parameters"]["inviteeId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve a request to join a site (its SiteManagers and administrators)
         * @description The request ends and the person becomes a member with `role` (SiteConsumer by default) in
         *     one transaction. An unknown site, or one the caller cannot see, is 404; no request, a site
         *     that is no longer MODERATED, or a caller who does not manage the site, 404; the person
         *     approving their own request, 403.
         */
        post: operations["approveSiteMembershipRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sites/{siteId}/site-membership-requests/{inviteeId}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A site id (case-insensitive). */
                siteId: components["parameters"]["siteId"];
                /** @description The id of the person who asked to join. */
                inviteeId: components["parameters"]["inviteeId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reject a request to join a site (its SiteManagers and administrators)
         * @description The request ends; the person does not become a member. The same 404s and 403 as approving.
         *     The comment is accepted and not kept (Quire sends no mail).
         */
        post: operations["rejectSiteMembershipRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/unit/{id}/subunits": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A unit id (letters, digits, `_ . -`, at most 64), or `-root-` for the root unit. */
                id: components["parameters"]["orgUnitIdWithAlias"];
            };
            cookie?: never;
        };
        /** A unit with its direct children (by weight, then name); `-root-` is the root unit */
        get: operations["getOrgUnitSubunits"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/unit/{id}/members": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A unit id (letters, digits, `_ . -`, at most 64), or `-root-` for the root unit. */
                id: components["parameters"]["orgUnitIdWithAlias"];
            };
            cookie?: never;
        };
        /** The people of a unit (its group's person members), by last name, then first name */
        get: operations["listOrgUnitMembers"];
        put?: never;
        /** Add a person to a unit (administrators only); 409 when they are a member already */
        post: operations["createOrgUnitMembership"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/unit/{id}/members/{username}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A unit id (letters, digits, `_ . -`, at most 64), or `-root-` for the root unit. */
                id: components["parameters"]["orgUnitIdWithAlias"];
                /** @description A person id (at most 100 characters, no `/ \ "` or line breaks), or `-me-` for the caller. */
                username: components["parameters"]["orgUsername"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a person from a unit (administrators only); 404 when they are not a member */
        delete: operations["deleteOrgUnitMembership"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/unit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a unit and its group (administrators only)
         * @description Without `parentId` the unit is the organisation's root (409 when there is one already).
         *     The unit's group is `GROUP_orgchart_<id>`, with the unit's name as its display name, a
         *     member of the parent unit's group. 409 when the id is taken; 404 for an unknown parent.
         */
        post: operations["createOrgUnit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/unit/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A unit id (letters, digits, `_ . -`, at most 64), or `-root-` for the root unit. */
                id: components["parameters"]["orgUnitIdWithAlias"];
            };
            cookie?: never;
        };
        get?: never;
        /**
         * Rename, re-weight or move a unit (administrators only)
         * @description A move under the unit itself or one of its descendants is a cycle (400); so is giving the
         *     root unit a parent. 404 for an unknown unit or new parent.
         */
        put: operations["updateOrgUnit"];
        post?: never;
        /** Delete an empty unit and its group (administrators only); 409 while it has subunits or members */
        delete: operations["deleteOrgUnit"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/member/{username}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A person id (at most 100 characters, no `/ \ "` or line breaks), or `-me-` for the caller. */
                username: components["parameters"]["orgUsername"];
            };
            cookie?: never;
        };
        /** A person with all of their units and their job; `-me-` is the caller */
        get: operations["getOrgMember"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/member/{username}/job": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A person id (at most 100 characters, no `/ \ "` or line breaks), or `-me-` for the caller. */
                username: components["parameters"]["orgUsername"];
            };
            cookie?: never;
        };
        get?: never;
        /** Give a person their job, replacing any other (administrators only) */
        put: operations["setOrgMemberJob"];
        post?: never;
        /** Take a person's job away (administrators only); 404 when they have none */
        delete: operations["deleteOrgMemberJob"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/job": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organisation's jobs, by name */
        get: operations["listOrgJobs"];
        put?: never;
        /** Define a job (administrators only); 409 when the id is taken */
        post: operations["createOrgJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/job/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A job id (letters, digits, `_ . -`, at most 64). */
                id: components["parameters"]["orgJobId"];
            };
            cookie?: never;
        };
        get?: never;
        /** Rename a job (administrators only) */
        put: operations["updateOrgJob"];
        post?: never;
        /** Delete a job (administrators only); 409 while a person has it */
        delete: operations["deleteOrgJob"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @example {
         *       "entry": {
         *         "repository": {
         *           "id": "0c1b5b1e-3d5f-4a54-9a8e-6f7f2b8f1d21",
         *           "edition": "Community",
         *           "version": {
         *             "major": "7",
         *             "minor": "4",
         *             "patch": "2",
         *             "hotfix": "0",
         *             "schema": 27,
         *             "label": "Quire 0.1.0",
         *             "display": "7.4.2.0 (Quire 0.1.0) schema 27"
         *           },
         *           "status": {
         *             "isReadOnly": false,
         *             "isAuditEnabled": false,
         *             "isQuickShareEnabled": false,
         *             "isThumbnailGenerationEnabled": false,
         *             "isDirectAccessUrlEnabled": true
         *           },
         *           "modules": [
         *             {
         *               "id": "quire-orgchart",
         *               "title": "Organisation chart",
         *               "description": "Units, jobs and members, under /alfresco/service/api/ext/orgchart",
         *               "version": "0.1.0",
         *               "installState": "INSTALLED",
         *               "versionMin": "7.4.2",
         *               "versionMax": "7.4.2"
         *             }
         *           ]
         *         }
         *       }
         *     }
         */
        DiscoveryEntry: {
            entry: {
                repository: components["schemas"]["RepositoryInfo"];
            };
        };
        RepositoryInfo: {
            /** @description The repository's id (that of its Company Home). */
            id: string;
            /** @description `Community`: clients take the paths of Alfresco Community Edition. */
            edition: string;
            version: {
                major: string;
                minor: string;
                patch: string;
                hotfix: string;
                /** @description The number of Quire's database migrations applied. */
                schema: number;
                /** @description Quire and its version. */
                label: string;
                /** @description `major.minor.patch.hotfix (label) schema N`: clients compare its first word. */
                display: string;
            };
            status: {
                isReadOnly: boolean;
                /** @description false — Quire has no audit log. */
                isAuditEnabled: boolean;
                /** @description false — Quire has no shared links yet. */
                isQuickShareEnabled: boolean;
                /** @description false — renditions are recorded but not generated yet. */
                isThumbnailGenerationEnabled: boolean;
                /** @description true — `request-direct-access-url` is served. */
                isDirectAccessUrlEnabled: boolean;
            };
            modules?: {
                id: string;
                title: string;
                description: string;
                version: string;
                /** @enum {string} */
                installState: "INSTALLED";
                versionMin: string;
                versionMax: string;
            }[];
        };
        /**
         * @example {
         *       "name": "cm:titled",
         *       "isAspect": true,
         *       "isContainer": false,
         *       "title": "Titled",
         *       "description": "",
         *       "parent": {},
         *       "defaultAspects": {},
         *       "properties": {
         *         "cm:title": {
         *           "name": "cm:title",
         *           "title": "Title",
         *           "description": "",
         *           "dataType": "d:mltext",
         *           "defaultValue": null,
         *           "multiValued": false,
         *           "mandatory": false,
         *           "enforced": false,
         *           "protected": false,
         *           "indexed": true,
         *           "url": "/api/classes/cm_titled/property/cm_title"
         *         }
         *       },
         *       "associations": {},
         *       "childassociations": {},
         *       "url": "/api/classes/cm_titled"
         *     }
         */
        WebScriptClass: {
            name: string;
            isAspect: boolean;
            /** @description The class has child associations (folders). */
            isContainer: boolean;
            title: string;
            description: string;
            /** @description Empty for a class without a parent. */
            parent: {
                name?: string;
                /** @description The parent's local name. */
                title?: string;
                url?: string;
            };
            /** @description The aspects every node of the type carries, by name. */
            defaultAspects: {
                [key: string]: {
                    name: string;
                    title: string;
                    url: string;
                };
            };
            /** @description The properties by name, the inherited ones first. */
            properties: {
                [key: string]: components["schemas"]["WebScriptProperty"];
            };
            /** @description Peer associations by name (none in Quire's model). */
            associations: {
                [key: string]: components["schemas"]["WebScriptChildAssociation"];
            };
            /** @description Child associations by name (`cm:contains` for folders). */
            childassociations: {
                [key: string]: components["schemas"]["WebScriptChildAssociation"];
            };
            url: string;
        };
        WebScriptProperty: {
            name: string;
            title: string;
            description: string;
            dataType: string;
            defaultValue: string | null;
            multiValued: boolean;
            mandatory: boolean;
            enforced: boolean;
            /** @description Clients cannot set it. */
            protected: boolean;
            /** @description true: every property can be searched (POST /search). */
            indexed: boolean;
            url: string;
        };
        WebScriptChildAssociation: {
            name: string;
            title: string;
            url: string;
            source: components["schemas"]["WebScriptAssociationEnd"];
            target: components["schemas"]["WebScriptAssociationEnd"];
        };
        WebScriptAssociationEnd: {
            class: string;
            mandatory: boolean;
            many: boolean;
        };
        Error: {
            error: {
                errorKey: string;
                statusCode: number;
                briefSummary: string;
                stackTrace: string;
                descriptionURL: string;
                logId: string;
            };
        };
        ProbeEntry: {
            entry: {
                message: string;
            };
        };
        SettingsEntry: {
            entry: {
                /**
                 * @description `NAME_POLICY`. `strict`: no whitespace and no invisible or text-direction characters in
                 *     names. `alfresco`: Alfresco's rules (inner spaces allowed). Under both: none of
                 *     `* " < > \ / ? : |`, no control characters, no trailing dot; under `alfresco` no trailing space.
                 * @enum {string}
                 */
                namePolicy: "strict" | "alfresco";
                /** @description Longest node name in UTF-16 code units. */
                maxNameLength: number;
                /** @description `MAX_FOLDER_DEPTH`: levels below Company Home. */
                maxFolderDepth: number;
                /** @description `PASSWORD_MIN_LENGTH` (code points). */
                passwordMinLength: number;
                /** @description `CONTENT_MAX_FILE_BYTES`, the largest file; absent when there is no limit. */
                maxFileBytes?: number;
            };
        };
        Pagination: {
            count: number;
            hasMoreItems: boolean;
            totalItems?: number;
            skipCount: number;
            maxItems: number;
        };
        /** @description UTC date and time, `yyyy-MM-ddTHH:mm:ss.SSS+0000`. */
        DateTime: string;
        UserInfo: {
            id: string;
            displayName: string;
        };
        ContentInfo: {
            mimeType: string;
            mimeTypeName: string;
            sizeInBytes: number;
            encoding?: string;
        };
        PathElement: {
            id: string;
            name: string;
            nodeType: string;
            aspectNames?: string[];
        };
        /** @description The ancestors of the node, from Company Home down. Empty for Company Home itself. */
        PathInfo: {
            elements?: components["schemas"]["PathElement"][];
            name?: string;
            isComplete?: boolean;
            /**
             * @description In a children listing asked with `relativePath`: the names from the listed node down to
             *     the entry's parent (`/X/Y`); absent for direct children and secondary children.
             */
            relativePath?: string;
        };
        AssociationInfo: {
            assocType: string;
            isPrimary?: boolean;
        };
        PermissionElement: {
            authorityId: string;
            name: string;
            /**
             * @default ALLOWED
             * @enum {string}
             */
            accessStatus: "ALLOWED" | "DENIED";
            authorityDisplayName?: string;
        };
        PermissionsInfo: {
            isInheritanceEnabled?: boolean;
            inherited?: components["schemas"]["PermissionElement"][];
            locallySet?: components["schemas"]["PermissionElement"][];
            settable?: string[];
        };
        /** @description A property value (string, number, boolean, or an array of them for multi-valued properties; `null` in a request removes the property). */
        PropertyValue: unknown;
        Node: {
            id: string;
            name: string;
            nodeType: string;
            isFolder: boolean;
            isFile: boolean;
            isLocked?: boolean;
            isLink?: boolean;
            isFavorite?: boolean;
            createdAt: components["schemas"]["DateTime"];
            createdByUser: components["schemas"]["UserInfo"];
            modifiedAt: components["schemas"]["DateTime"];
            modifiedByUser: components["schemas"]["UserInfo"];
            /** @description The primary parent; absent for Company Home. */
            parentId?: string;
            content?: components["schemas"]["ContentInfo"];
            aspectNames?: string[];
            properties?: {
                [key: string]: components["schemas"]["PropertyValue"];
            };
            /**
             * @description What the caller may do, from their permissions (locks are not considered). `unlock`
             *     is a Quire extension: on a node locked now, the caller may unlock it (the lock's owner,
             *     or whoever holds the Unlock permission).
             */
            allowableOperations?: ("delete" | "update" | "create" | "updatePermissions" | "unlock")[];
            path?: components["schemas"]["PathInfo"];
            permissions?: components["schemas"]["PermissionsInfo"];
            association?: components["schemas"]["AssociationInfo"];
            search?: components["schemas"]["SearchEntry"];
        };
        NodeEntry: {
            entry: components["schemas"]["Node"];
        };
        /** @description A trash item - the node as it was deleted (without parentId), with when and by whom. */
        DeletedNode: {
            archivedAt: components["schemas"]["DateTime"];
            archivedByUser: components["schemas"]["UserInfo"];
            id: string;
            name: string;
            nodeType: string;
            isFolder: boolean;
            isFile: boolean;
            isLocked?: boolean;
            isLink?: boolean;
            isFavorite?: boolean;
            createdAt: components["schemas"]["DateTime"];
            createdByUser: components["schemas"]["UserInfo"];
            modifiedAt: components["schemas"]["DateTime"];
            modifiedByUser: components["schemas"]["UserInfo"];
            content?: components["schemas"]["ContentInfo"];
            aspectNames?: string[];
            properties?: {
                [key: string]: components["schemas"]["PropertyValue"];
            };
            /**
             * @description What the caller may do, from their permissions (locks are not considered). `unlock`
             *     is a Quire extension: on a node locked now, the caller may unlock it (the lock's owner,
             *     or whoever holds the Unlock permission).
             */
            allowableOperations?: ("delete" | "update" | "create" | "updatePermissions" | "unlock")[];
            path?: components["schemas"]["PathInfo"];
            permissions?: components["schemas"]["PermissionsInfo"];
        };
        DeletedNodeEntry: {
            entry: components["schemas"]["DeletedNode"];
        };
        SearchRequest: {
            query: {
                query: string;
                /** @enum {string} */
                language?: "afts" | "lucene" | "cmis";
                /** @description Ignored (what the person typed */
                userQuery?: string;
            };
            paging?: {
                /** @description Default 100, at most 1,000. */
                maxItems?: number;
                skipCount?: number;
            };
            include?: ("allowableOperations" | "aspectNames" | "isLink" | "isFavorite" | "isLocked" | "path" | "properties" | "permissions" | "association")[];
            includeRequest?: boolean;
            fields?: string[];
            sort?: {
                /** @enum {string} */
                type: "FIELD" | "SCORE" | "DOCUMENT";
                field?: string;
                ascending?: boolean;
            }[];
            filterQueries?: {
                query: string;
                /** @description Names a facet's excludeFilters can leave this filter out by. */
                tags?: string[];
            }[];
            defaults?: {
                textAttributes?: string[];
                /** @enum {string} */
                defaultFTSOperator?: "AND" | "OR" | "and" | "or";
                /** @enum {string} */
                defaultFTSFieldOperator?: "AND" | "OR" | "and" | "or";
                namespace?: string;
                defaultFieldName?: string;
            };
            /** @description Accepted and ignored (Quire's words are not language-specific). */
            localization?: Record<string, never>;
            /** @description Accepted and ignored (dates are UTC). */
            timezone?: string;
            /** @description Accepted and ignored (access is checked in the query, for every result). */
            limits?: Record<string, never>;
            /** @description Accepted; `locations` other than `nodes` are refused. */
            scope?: {
                locations?: string;
            };
            /**
             * @description V2: every facet in `context.facets` (fields, queries, intervals); V1 (default) as Alfresco 5.2.
             * @enum {string}
             */
            facetFormat?: "V1" | "V2";
            facetFields?: {
                facets?: {
                    /** @description creator, modifier, owner, content.mimetype, content.size, created, modified, TYPE or a property */
                    field: string;
                    label?: string;
                    /** @description Buckets with fewer matches are left out (default 1). */
                    mincount?: number;
                    /** @description Most buckets, the largest first (default 100, at most 1,000). */
                    limit?: number;
                    offset?: number;
                    /** @description Only values that start with it. */
                    prefix?: string;
                    /** @enum {string} */
                    sort?: "COUNT" | "INDEX";
                    /** @description Count as if the filterQueries with these tags were not there (multi-select facets). */
                    excludeFilters?: string[];
                }[];
            };
            /** @description Counted in one pass over the matches, with the sets of facetIntervals (at most 100 in all). */
            facetQueries?: {
                query: string;
                label?: string;
                group?: string;
            }[];
            facetIntervals?: {
                intervals?: {
                    field: string;
                    label?: string;
                    sets: components["schemas"]["SearchIntervalSet"][];
                }[];
            };
            highlight?: {
                /** @description Before each match (default <em>). */
                prefix?: string;
                /** @description After each match (default </em>). */
                postfix?: string;
                snippetCount?: number;
                fragmentSize?: number;
                mergeContiguous?: boolean;
                usePhraseHighlighter?: boolean;
                /** @description Characters of each field looked through for snippets (default 51,200, at most 100,000). */
                maxAnalyzedChars?: number;
                fields?: {
                    /** @description cm:name, cm:title, cm:description or cm:content */
                    field: string;
                    prefix?: string;
                    postfix?: string;
                    snippetCount?: number;
                    fragmentSize?: number;
                    mergeContiguous?: boolean;
                }[];
            };
        };
        SearchIntervalSet: {
            label?: string;
            /** @description A date (with date math: NOW/YEAR) or a number; * for open. */
            start: string;
            end: string;
            /** @description Default true. */
            startInclusive?: boolean;
            /** @description Default true. */
            endInclusive?: boolean;
        };
        SearchCountMetric: {
            /** @enum {string} */
            type: "count";
            value: {
                count: number;
            };
        };
        SearchGenericFacet: {
            /** @enum {string} */
            type: "field" | "query" | "interval";
            label: string;
            buckets: {
                label: string;
                filterQuery: string;
                display?: string;
                metrics: components["schemas"]["SearchCountMetric"][];
            }[];
        };
        SearchResultPaging: {
            list: {
                pagination: components["schemas"]["Pagination"];
                context: {
                    consistency?: {
                        lastTxId?: number;
                    };
                    request?: components["schemas"]["SearchRequest"];
                    /** @description facetFormat V1. */
                    facetQueries?: {
                        label: string;
                        filterQuery: string;
                        count: number;
                    }[];
                    /** @description facetFormat V1. */
                    facetsFields?: {
                        label: string;
                        buckets: {
                            label: string;
                            filterQuery: string;
                            count: number;
                            display?: string;
                        }[];
                    }[];
                    /** @description Intervals (V1); every facet (V2). */
                    facets?: components["schemas"]["SearchGenericFacet"][];
                };
                entries: components["schemas"]["NodeEntry"][];
            };
        };
        /** @description How a node matched a search (search results only). */
        SearchEntry: {
            score?: number;
            highlight?: {
                field: string;
                snippets: string[];
            }[];
        };
        /** @description One change, as a message of the events stream. */
        LiveEvent: {
            /** @description The event id (send it as `Last-Event-ID` to resume after it). */
            id: string;
            /**
             * @description What happened: to the node `nodeId` (deleted: moved to the trashcan, or deleted for good;
             *     purged: a trash item deleted for good; version: a new version of a file that had one, the first
             *     coming with its created or updated event; linked, unlinked: filed in the folder `parentId` as a
             *     secondary child, or taken out of it — when the node is gone, deleted for good, only `parentId`
             *     is named); membership: the caller (or a
             *     group of theirs) was added to or removed from `groupId`, so what they may read may have
             *     changed; reset: events were missed, reload everything.
             * @enum {string}
             */
            type: "created" | "updated" | "moved" | "locked" | "unlocked" | "permissions" | "deleted" | "restored" | "purged" | "version" | "linked" | "unlinked" | "membership" | "reset";
            /**
             * Format: date-time
             * @description When the change was written.
             */
            at: string;
            nodeId?: string;
            /**
             * @description The folder the node is (deleted, purged — was) in, when it exists and the caller may read it
             *     (linked, unlinked: the folder it was filed in or taken out of as a secondary child).
             */
            parentId?: string;
            /** @description moved: the folder the node left, when the caller may read it. */
            previousParentId?: string;
            /**
             * @description The folders that hold the node as a secondary child now, besides `parentId`, that the caller may
             *     read (their listings show the node too); absent when there are none. Not on linked, unlinked.
             *     At most 100: of the first 100 folders the node was filed in (oldest link first, then by id) that
             *     are not in the trash, those the caller may read; a folder filed later is not named even when the
             *     caller may read it.
             */
            secondaryParentIds?: string[];
            /** @description membership: the group. */
            groupId?: string;
        };
        EmptyTrashEntry: {
            entry: {
                /** @description Trash items purged by this request. */
                purged: number;
                /** @description Trash items still there (ask again while more than 0). */
                remaining: number;
            };
        };
        DeletedNodePaging: {
            list: {
                pagination: components["schemas"]["Pagination"];
                entries: components["schemas"]["DeletedNodeEntry"][];
            };
        };
        DeletedNodeBodyRestore: {
            /** @description The folder to restore into (default - the folder it was deleted from). */
            targetParentId?: string;
            /** @description Required with targetParentId - `cm:contains`. */
            assocType?: string;
        };
        NodeChildPaging: {
            list: {
                pagination: components["schemas"]["Pagination"];
                entries: components["schemas"]["NodeEntry"][];
                source?: components["schemas"]["Node"];
            };
        };
        NodeBodyCreate: {
            /** @description Folders to create (where missing) below the parent before the node, `a/b/c`. */
            relativePath?: string;
            association?: {
                /** @description Only `cm:contains` for a primary child. */
                assocType: string;
            };
            /** @description Secondary child associations with the new node as parent. */
            secondaryChildren?: components["schemas"]["SecondaryChildAssociationBody"][];
            /** @description Peer associations with the new node as source. */
            targets?: components["schemas"]["AssociationBody"][];
            /** @description At most 255 characters; see NAME_POLICY for the characters allowed. */
            name: string;
            nodeType: string;
            aspectNames?: string[];
            properties?: {
                [key: string]: components["schemas"]["PropertyValue"];
            };
        };
        NodeBodyUpload: {
            /** Format: binary */
            filedata: string;
            name?: string;
            nodeType?: string;
            autoRename?: boolean;
            /** @description Replace the content of a versionable file of the same name (a new version); 409 for any other file. */
            overwrite?: boolean;
            /** @description The upload's version is major (default 1.0) or, with false, minor (0.1; a new minor version on overwrite). */
            majorVersion?: boolean;
            /** @description The version comment. */
            comment?: string;
            /** @description false: the new file is not versioned. */
            versioningEnabled?: boolean;
            /** @description Folders to create (where missing) below the parent first. */
            relativePath?: string;
            /** @description Aspects to add */
            aspectNames?: string;
            /**
             * @description Renditions to make, comma-separated (`doclib,imgpreview`); recorded as NOT_CREATED.
             *     Malformed or unknown ids never fail the upload: they are ignored (at most 10 are kept).
             */
            renditions?: string;
        } & {
            [key: string]: string;
        };
        NodeBodyUpdate: {
            /**
             * @description `isInheritanceEnabled` switches inheritance from the primary parent; `locallySet` replaces
             *     the node's own entries (read the node with include=permissions first and send the
             *     complete set). Stored and returned now; enforced with the identity slice.
             */
            permissions?: {
                isInheritanceEnabled?: boolean;
                locallySet?: {
                    authorityId: string;
                    name: string;
                    /**
                     * @default ALLOWED
                     * @enum {string}
                     */
                    accessStatus: "ALLOWED" | "DENIED";
                }[];
            };
            /** @description At most 255 characters; see NAME_POLICY for the characters allowed. */
            name?: string;
            nodeType?: string;
            aspectNames?: string[];
            properties?: {
                [key: string]: components["schemas"]["PropertyValue"];
            };
        };
        SecondaryChildAssociationBody: {
            childId: string;
            /** @description `cm:contains`. */
            assocType: string;
        };
        SecondaryChildAssociationEntry: {
            entry: components["schemas"]["SecondaryChildAssociationBody"];
        };
        SecondaryChildAssociationEntryPaging: {
            list: {
                pagination: components["schemas"]["Pagination"];
                entries: components["schemas"]["SecondaryChildAssociationEntry"][];
            };
        };
        AssociationBody: {
            targetId: string;
            /** @description `cm:references`, `cm:attachments` or `cm:original`. */
            assocType: string;
        };
        AssociationEntry: {
            entry: components["schemas"]["AssociationBody"];
        };
        AssociationEntryPaging: {
            list: {
                pagination: components["schemas"]["Pagination"];
                entries: components["schemas"]["AssociationEntry"][];
            };
        };
        NodeBodyCopy: {
            /** @description The destination folder (an id or `-my-`, `-shared-`, `-root-`). */
            targetParentId: string;
            /** @description A new name for the copy or the moved node. */
            name?: string;
        };
        NodeBodyLock: {
            /** @description Seconds until the lock expires (at most 2147483647, Alfresco's int); 0 or absent = never (negative values too). */
            timeToExpire?: number;
            /**
             * @default ALLOW_OWNER_CHANGES
             * @enum {string}
             */
            type: "ALLOW_OWNER_CHANGES" | "FULL";
            /**
             * @default PERSISTENT
             * @enum {string}
             */
            lifetime: "PERSISTENT" | "EPHEMERAL";
        };
        Version: {
            /** @description The version label. */
            id: string;
            versionComment?: string;
            name: string;
            nodeType: string;
            isFolder: boolean;
            isFile: boolean;
            modifiedAt: components["schemas"]["DateTime"];
            modifiedByUser: components["schemas"]["UserInfo"];
            content?: components["schemas"]["ContentInfo"];
            aspectNames?: string[];
            properties?: {
                [key: string]: components["schemas"]["PropertyValue"];
            };
        };
        VersionEntry: {
            entry: components["schemas"]["Version"];
        };
        VersionPaging: {
            list: {
                pagination: components["schemas"]["Pagination"];
                entries: components["schemas"]["VersionEntry"][];
            };
        };
        Rendition: {
            /** @description The rendition id, for example `doclib`. */
            id: string;
            /** @enum {string} */
            status: "CREATED" | "NOT_CREATED";
            content: {
                mimeType: string;
                mimeTypeName: string;
            };
        };
        RenditionEntry: {
            entry: components["schemas"]["Rendition"];
        };
        RenditionPaging: {
            list: {
                pagination: components["schemas"]["Pagination"];
                entries: components["schemas"]["RenditionEntry"][];
            };
        };
        RevertBody: {
            /** @default false */
            majorVersion: boolean;
            comment?: string;
        };
        ModelProperty: {
            id: string;
            title: string;
            /** @description d:text, d:mltext, d:int, d:long, d:float, d:double, d:boolean, d:date, d:datetime, d:content, d:category, d:noderef */
            dataType: string;
            isMultiValued: boolean;
            isMandatory: boolean;
            /** @description Set by the repository; clients cannot set it (d:content and d:category properties included). */
            isProtected: boolean;
        };
        ModelClass: {
            id: string;
            title: string;
            description?: string;
            parentId?: string;
            /** @description The properties the class defines itself (not those it inherits). */
            properties: components["schemas"]["ModelProperty"][];
        };
        ModelClassEntry: {
            entry: components["schemas"]["ModelClass"];
        };
        ModelClassPaging: {
            list: {
                pagination: components["schemas"]["Pagination"];
                entries: components["schemas"]["ModelClassEntry"][];
            };
        };
        TicketBody: {
            userId?: string;
            password?: string;
        };
        ClassicTicket: {
            data: {
                ticket: string;
            };
        };
        /** @description Alfresco reads these two fields and ignores any other. */
        ClassicLoginBody: {
            username?: string;
            password?: string;
        };
        WebScriptError: {
            status: {
                code: number;
                name: string;
                description: string;
            };
            message: string;
            exception: string;
            callstack: string[];
            server: string;
            time: string;
        };
        DirectAccessUrlBodyCreate: {
            /**
             * @description `false`: shown in the browser for the types the content download allows inline.
             * @default true
             */
            attachment: boolean;
        };
        DirectAccessUrlEntry: {
            entry: {
                /** @description The absolute URL that downloads the content. */
                contentUrl: string;
                attachment: boolean;
                /** @description When the URL stops working. */
                expiryTime: string;
            };
        };
        TicketEntry: {
            entry: {
                id: string;
                userId?: string;
            };
        };
        Company: {
            organization?: string;
            address1?: string;
            address2?: string;
            address3?: string;
            postcode?: string;
            telephone?: string;
            fax?: string;
            email?: string;
        };
        Person: {
            id: string;
            firstName: string;
            lastName?: string;
            displayName: string;
            description?: string;
            avatarId?: string;
            email?: string;
            skypeId?: string;
            googleId?: string;
            instantMessageId?: string;
            jobTitle?: string;
            location?: string;
            company?: components["schemas"]["Company"];
            mobile?: string;
            telephone?: string;
            statusUpdatedAt?: components["schemas"]["DateTime"];
            userStatus?: string;
            enabled: boolean;
            emailNotificationsEnabled?: boolean;
            aspectNames?: string[];
            properties?: {
                [key: string]: unknown;
            };
            capabilities?: {
                isAdmin: boolean;
                isGuest: boolean;
                isMutable: boolean;
            };
            /** @description Quire extension. Bytes of content the person may own; -1 means unlimited. */
            quota?: number;
            /** @description Quire extension. Bytes of content the person owns now: for each node they own, the distinct contents of the node and of its versions. */
            quotaUsed?: number;
        };
        PersonEntry: {
            entry: components["schemas"]["Person"];
        };
        PersonPaging: {
            list: {
                pagination: components["schemas"]["Pagination"];
                entries: components["schemas"]["PersonEntry"][];
            };
        };
        PersonBodyCreate: {
            /** @description The user name (at most 100 characters; no / \ " or control characters). Refused with 400: the GROUP_ and ROLE_ prefixes and the names the system uses (System, guest, anonymous, -me-), in any letter case. */
            id: string;
            firstName: string;
            lastName?: string;
            description?: string;
            email: string;
            skypeId?: string;
            googleId?: string;
            instantMessageId?: string;
            jobTitle?: string;
            location?: string;
            company?: components["schemas"]["Company"];
            mobile?: string;
            telephone?: string;
            userStatus?: string;
            enabled?: boolean;
            emailNotificationsEnabled?: boolean;
            /** @description At least PASSWORD_MIN_LENGTH characters (default 8) and at most 1,024; not blank, not the user name in any letter case, no control characters (400 says which rule). */
            password: string;
            aspectNames?: string[];
            properties?: {
                [key: string]: unknown;
            };
        };
        PersonBodyUpdate: {
            firstName?: string;
            lastName?: string;
            description?: string;
            email?: string;
            skypeId?: string;
            googleId?: string;
            instantMessageId?: string;
            jobTitle?: string;
            location?: string;
            company?: components["schemas"]["Company"];
            mobile?: string;
            telephone?: string;
            userStatus?: string;
            /** @description Administrators only. Disabling or enabling a person ends every ticket they have. */
            enabled?: boolean;
            emailNotificationsEnabled?: boolean;
            /** @description The new password, under the password policy: at least PASSWORD_MIN_LENGTH characters (default 8) and at most 1,024; not blank, not the user name in any letter case, no control characters (400 says which rule). A non-administrator sends their oldPassword too. Ends every ticket of the person but the one of this request. */
            password?: string;
            /** @description The current password (403 when wrong). Checked under the sign-in throttle: while the person must wait at this address, 403 without checking it. */
            oldPassword?: string;
            /** @description Quire extension, administrators only. -1 means unlimited. */
            quota?: number;
            aspectNames?: string[];
            properties?: {
                [key: string]: unknown;
            };
        };
        Group: {
            id: string;
            displayName: string;
            description?: string;
            isRoot: boolean;
            parentIds?: string[];
            zones?: string[];
            /** @description With `include=hasSubgroups`; whether groups are among the group's direct members. */
            hasSubgroups?: boolean;
        };
        GroupEntry: {
            entry: components["schemas"]["Group"];
        };
        GroupPaging: {
            list: {
                pagination: components["schemas"]["Pagination"];
                entries: components["schemas"]["GroupEntry"][];
            };
        };
        GroupBodyCreate: {
            /** @description GROUP_name (the prefix is added when missing) */
            id: string;
            displayName: string;
            description?: string;
            parentIds?: string[];
        };
        GroupMember: {
            id: string;
            displayName: string;
            /** @enum {string} */
            memberType: "PERSON" | "GROUP";
        };
        GroupMemberEntry: {
            entry: components["schemas"]["GroupMember"];
        };
        GroupMemberPaging: {
            list: {
                pagination: components["schemas"]["Pagination"];
                entries: components["schemas"]["GroupMemberEntry"][];
            };
        };
        GroupMembershipBodyCreate: {
            id: string;
            /** @enum {string} */
            memberType: "PERSON" | "GROUP";
        };
        /** @enum {string} */
        SiteRoleName: "SiteManager" | "SiteCollaborator" | "SiteContributor" | "SiteConsumer";
        /** @enum {string} */
        SiteVisibility: "PUBLIC" | "PRIVATE" | "MODERATED";
        Site: {
            id: string;
            /** @description The id of the site's `st:site` node. */
            guid: string;
            title: string;
            description?: string;
            visibility: components["schemas"]["SiteVisibility"];
            preset: string;
            /** @description The caller's role; omitted when the caller is not a member. */
            role?: components["schemas"]["SiteRoleName"];
        };
        SiteEntry: {
            entry: components["schemas"]["Site"];
        };
        SitePaging: {
            list: {
                pagination: components["schemas"]["Pagination"];
                entries: components["schemas"]["SiteEntry"][];
            };
        };
        SiteBodyCreate: {
            /** @description Made from the title when absent. */
            id?: string;
            title: string;
            description?: string;
            visibility: components["schemas"]["SiteVisibility"];
        };
        SiteBodyUpdate: {
            title?: string;
            /** @description An empty string removes the description. */
            description?: string;
            visibility?: components["schemas"]["SiteVisibility"];
        };
        SiteContainer: {
            /** @description The id of the container's folder node. */
            id: string;
            folderId: string;
        };
        SiteContainerEntry: {
            entry: components["schemas"]["SiteContainer"];
        };
        SiteContainerPaging: {
            list: {
                pagination: components["schemas"]["Pagination"];
                entries: components["schemas"]["SiteContainerEntry"][];
            };
        };
        SiteMember: {
            id: string;
            role: components["schemas"]["SiteRoleName"];
            /** @description Always false in Quire (people are members directly, not through a group). */
            isMemberOfGroup: boolean;
            person: components["schemas"]["Person"];
        };
        SiteMemberEntry: {
            entry: components["schemas"]["SiteMember"];
        };
        SiteMemberPaging: {
            list: {
                pagination: components["schemas"]["Pagination"];
                entries: components["schemas"]["SiteMemberEntry"][];
            };
        };
        SiteMembershipBodyCreate: {
            /** @description A person id. */
            id: string;
            role: components["schemas"]["SiteRoleName"];
        };
        SiteMembershipBodyUpdate: {
            role: components["schemas"]["SiteRoleName"];
        };
        SiteRole: {
            /** @description The site id. */
            id: string;
            guid: string;
            role: components["schemas"]["SiteRoleName"];
            site: components["schemas"]["Site"];
        };
        SiteRoleEntry: {
            entry: components["schemas"]["SiteRole"];
        };
        SiteRolePaging: {
            list: {
                pagination: components["schemas"]["Pagination"];
                entries: components["schemas"]["SiteRoleEntry"][];
            };
        };
        SiteMembershipRequest: {
            /** @description The site id. */
            id: string;
            /** Format: date-time */
            createdAt: string;
            /**
             * Format: date-time
             * @description When the message was last changed.
             */
            modifiedAt?: string;
            /** @description Empty when the request was made without one. */
            message: string;
            site: components["schemas"]["Site"];
        };
        SiteMembershipRequestEntry: {
            entry: components["schemas"]["SiteMembershipRequest"];
        };
        SiteMembershipRequestPaging: {
            list: {
                pagination: components["schemas"]["Pagination"];
                entries: components["schemas"]["SiteMembershipRequestEntry"][];
            };
        };
        SiteMembershipRequestWithPerson: {
            /** @description The site id. */
            id: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            modifiedAt?: string;
            message: string;
            site: components["schemas"]["Site"];
            person: components["schemas"]["Person"];
        };
        SiteMembershipRequestWithPersonEntry: {
            entry: components["schemas"]["SiteMembershipRequestWithPerson"];
        };
        SiteMembershipRequestWithPersonPaging: {
            list: {
                pagination: components["schemas"]["Pagination"];
                entries: components["schemas"]["SiteMembershipRequestWithPersonEntry"][];
            };
        };
        SiteMembershipRequestBodyCreate: {
            /** @description The site's id. */
            id: string;
            message?: string;
            /** @description Accepted and not kept. */
            title?: string;
            /** @description Accepted and not kept. */
            client?: string;
        };
        SiteMembershipRequestBodyUpdate: {
            /** @description Absent */
            message?: string;
        };
        SiteMembershipApprovalBody: {
            /** @description The new member's role (SiteConsumer when absent). */
            role?: components["schemas"]["SiteRoleName"];
        };
        SiteMembershipRejectionBody: {
            comment?: string;
        };
        FavoriteTargetGuid: {
            /** @description The node id. */
            guid: string;
        };
        FavoriteTargetSiteRef: {
            /** @description The id of the site's `st:site` node. */
            guid?: string;
            /** @description The site id (a Quire extension). */
            id?: string;
        };
        FavoriteBodyCreate: {
            target: {
                file?: components["schemas"]["FavoriteTargetGuid"];
                folder?: components["schemas"]["FavoriteTargetGuid"];
                site?: components["schemas"]["FavoriteTargetSiteRef"];
            };
        };
        /**
         * @description A file or folder as favorites show it (Alfresco's legacy shape): `guid`, `title`,
         *     `description`, `createdBy` and `modifiedBy` besides the node's fields, no `nodeType`;
         *     files also carry `mimeType`, `sizeInBytes` and `versionLabel`.
         */
        FavoriteNode: {
            id: string;
            guid: string;
            name: string;
            title?: string;
            description?: string;
            createdAt: components["schemas"]["DateTime"];
            createdBy: string;
            createdByUser: components["schemas"]["UserInfo"];
            modifiedAt: components["schemas"]["DateTime"];
            modifiedBy: string;
            modifiedByUser: components["schemas"]["UserInfo"];
            parentId?: string;
            isFile: boolean;
            isFolder: boolean;
            mimeType?: string;
            sizeInBytes?: number;
            versionLabel?: string;
            content?: components["schemas"]["ContentInfo"];
            path?: components["schemas"]["PathInfo"];
        };
        FavoriteTarget: {
            file: components["schemas"]["FavoriteNode"];
        } | {
            folder: components["schemas"]["FavoriteNode"];
        } | {
            site: components["schemas"]["Site"];
        };
        Favorite: {
            /** @description The id of the target node (for a site */
            targetGuid: string;
            createdAt: components["schemas"]["DateTime"];
            target: components["schemas"]["FavoriteTarget"];
            /** @description The target's properties but cm:title, cm:description and the site properties (include=properties). */
            properties?: {
                [key: string]: components["schemas"]["PropertyValue"];
            };
            aspectNames?: string[];
            allowableOperations?: ("delete" | "update" | "create" | "updatePermissions" | "unlock")[];
        };
        DownloadBodyCreate: {
            /** @description The nodes to zip (ids or aliases), each once. */
            nodeIds: string[];
        };
        Download: {
            id: string;
            /**
             * @description `MAX_CONTENT_SIZE_EXCEEDED` reports, as Alfresco, the limit as `bytesAdded` and what was
             *     counted (up to where the walk stopped) as the totals. A job that failed three times ends `CANCELLED`.
             * @enum {string}
             */
            status: "PENDING" | "IN_PROGRESS" | "DONE" | "MAX_CONTENT_SIZE_EXCEEDED" | "CANCELLED";
            /** @description Bytes of content added to the zip so far. */
            bytesAdded: number;
            /** @description Bytes of content the zip will hold (0 until counted). */
            totalBytes: number;
            filesAdded: number;
            totalFiles: number;
        };
        DownloadEntry: {
            entry: components["schemas"]["Download"];
        };
        FavoriteSiteBodyCreate: {
            /** @description The site's id. */
            id: string;
        };
        FavoriteSiteEntry: {
            entry: {
                id: string;
            };
        };
        FavoriteEntry: {
            entry: components["schemas"]["Favorite"];
        };
        FavoritePaging: {
            list: {
                pagination: components["schemas"]["Pagination"];
                entries: components["schemas"]["FavoriteEntry"][];
            };
        };
        OrgChartStatus: {
            /** @description The HTTP status of the answer. */
            code: number;
        };
        OrgChartError: {
            data: null;
            /** @description What went wrong. */
            message: string;
            status: components["schemas"]["OrgChartStatus"];
        };
        OrgEmptyEnvelope: {
            data: null;
            message: string;
            status: components["schemas"]["OrgChartStatus"];
        };
        OrgUnitChild: {
            id: string;
            name: string;
            /** @description The node reference of the unit's group: workspace://SpacesStore/<uuid>. */
            groupId: string;
            /** @description The authority name of the unit's group (GROUP_orgchart_<id>). */
            groupName: string;
            /** @description True when the unit has subunits. */
            hasChild: boolean;
            /** @description Sort weight among siblings (ascending; then by name). */
            weight: number;
        };
        OrgUnit: {
            id: string;
            name: string;
            /** @description The node reference of the unit's group: workspace://SpacesStore/<uuid>. */
            groupId: string;
            /** @description The authority name of the unit's group (GROUP_orgchart_<id>). */
            groupName: string;
            /** @description True when the unit has subunits. */
            hasChild: boolean;
            /** @description Sort weight among siblings (ascending; then by name). */
            weight: number;
            /** @description The direct subunits, by weight, then name (each without children). */
            children: components["schemas"]["OrgUnitChild"][];
            /**
             * @description Quire extension: the unit's ancestors, the root first, down to its parent (empty for the
             *     root), so a client can open a tree down to any unit in one call.
             */
            ancestors: components["schemas"]["OrgUnitRef"][];
        };
        OrgUnitRef: {
            id: string;
            name: string;
        };
        OrgUnitEnvelope: {
            data: components["schemas"]["OrgUnit"];
            message: string;
            status: components["schemas"]["OrgChartStatus"];
        };
        OrgStoreRef: {
            /** @enum {string} */
            protocol: "workspace";
            /** @enum {string} */
            identifier: "SpacesStore";
        };
        OrgNodeRef: {
            /** @description The uuid of the person's node. */
            id: string;
            storeRef: components["schemas"]["OrgStoreRef"];
        };
        OrgJob: {
            id: string;
            name: string;
        };
        OrgMemberUnit: {
            id: string;
            name: string;
            weight: number;
        };
        OrgMember: {
            userName: string;
            firstName: string;
            lastName?: string;
            jobTitle?: string;
            email?: string;
            googleId?: string;
            location?: string;
            mobile?: string;
            skypeId?: string;
            telephone?: string;
            enabled: boolean;
            /** @description Bytes of content the person may own; absent when the person has no quota (-1 would mean unlimited). */
            quota?: number;
            /** @description Bytes of content the person owns (their nodes and those nodes' versions). */
            quotaUsed: number;
            node: components["schemas"]["OrgNodeRef"];
            job?: components["schemas"]["OrgJob"];
            /** @description Every unit the person is a member of, by weight, then name. */
            units: components["schemas"]["OrgMemberUnit"][];
        };
        OrgMemberEnvelope: {
            data: components["schemas"]["OrgMember"];
            message: string;
            status: components["schemas"]["OrgChartStatus"];
        };
        OrgMemberListItem: {
            /** @description The person id (as userName). */
            id: string;
            userName: string;
            firstName: string;
            lastName?: string;
            avatarId?: string;
            email?: string;
            googleId?: string;
            jobTitle?: string;
            location?: string;
            mobile?: string;
            skypeId?: string;
            telephone?: string;
            enabled: boolean;
            /** @description Bytes of content the person may own; absent when the person has no quota (-1 would mean unlimited). */
            quota?: number;
            quotaUsed: number;
            node: components["schemas"]["OrgNodeRef"];
            /** @description The person's node reference: workspace://SpacesStore/<uuid>. */
            nodeRef: string;
        };
        OrgMemberListEnvelope: {
            data: components["schemas"]["OrgMemberListItem"][];
            message: string;
            status: components["schemas"]["OrgChartStatus"];
        };
        OrgMemberListItemEnvelope: {
            data: components["schemas"]["OrgMemberListItem"];
            message: string;
            status: components["schemas"]["OrgChartStatus"];
        };
        OrgJobEnvelope: {
            data: components["schemas"]["OrgJob"];
            message: string;
            status: components["schemas"]["OrgChartStatus"];
        };
        OrgJobListEnvelope: {
            data: components["schemas"]["OrgJob"][];
            message: string;
            status: components["schemas"]["OrgChartStatus"];
        };
        /** @description Letters, digits, `_ . -`, at most 64 characters, starting with a letter or digit. */
        OrgId: string;
        OrgName: string;
        OrgWeight: number;
        OrgUnitBodyCreate: {
            /** @description Chosen by the server (a UUID) when absent. */
            id?: components["schemas"]["OrgId"];
            name: components["schemas"]["OrgName"];
            /** @description The parent unit (`-root-` for the root); absent for the root unit itself. */
            parentId?: string;
            /** @description Default 0. */
            weight?: components["schemas"]["OrgWeight"];
        };
        OrgUnitBodyUpdate: {
            name?: components["schemas"]["OrgName"];
            /** @description The new parent unit (a move). */
            parentId?: string;
            weight?: components["schemas"]["OrgWeight"];
        };
        OrgUnitMembershipBodyCreate: {
            userName: string;
        };
        OrgMemberJobBody: {
            jobId: components["schemas"]["OrgId"];
        };
        OrgJobBodyCreate: {
            /** @description Chosen by the server (a UUID) when absent. */
            id?: components["schemas"]["OrgId"];
            name: components["schemas"]["OrgName"];
        };
        OrgJobBodyUpdate: {
            name: components["schemas"]["OrgName"];
        };
    };
    responses: {
        /** @description An error */
        Error: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The node */
        NodeEntry: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["NodeEntry"];
            };
        };
        /** @description An error of the organisation chart, in its envelope (`data` is null) */
        OrgChartError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["OrgChartError"];
            };
        };
        /** @description An error of a classic web script, as Alfresco's web script runtime renders it */
        WebScriptError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["WebScriptError"];
            };
        };
    };
    parameters: {
        /** @description A type or aspect, its prefix and name joined by an underscore (`cm_titled`). */
        className: string;
        /** @description The identifier of a node. */
        nodeId: string;
        /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
        nodeIdWithAlias: string;
        /** @description How many entries to skip (at most 2147483647, Alfresco's int). */
        skipCount: number;
        /**
         * @description The largest number of entries to return. Values up to 2147483647 (Alfresco's int) are accepted;
         *     a page holds at most 1000 entries, and `pagination.maxItems` of the answer gives the value used.
         */
        maxItems: number;
        /** @description Extra information on each trash item - `path` (where it was deleted from; absent when that folder is gone), `properties`, `aspectNames`, `allowableOperations`. */
        deletedNodeInclude: string[];
        /**
         * @description Extra information on each node: `allowableOperations`, `association`, `isLink`,
         *     `isFavorite`, `isLocked`, `path`, `permissions`, `aspectNames`, `properties`.
         *     Unknown words are ignored. In lists, without `properties`, a name with a prefix
         *     (`cm:title`, `properties/cm:title`) selects that property, and an unknown prefix is 400
         *     ("foo:bar isn't a valid QName").
         */
        include: string[];
        /**
         * @description Extra information on each favorite: `path` (inside `target.file` or `target.folder`),
         *     `properties`, `aspectNames` and `allowableOperations` (of the target, at the top level of
         *     the favorite). Unknown values are ignored.
         */
        favoriteInclude: string[];
        /**
         * @description Only return these top-level fields of each entry (plus those named in `include`). The
         *     deprecated name `properties` is read too; `fields` wins when both are given.
         */
        fields: string[];
        /**
         * @description Sort fields, each optionally followed by `ASC` or `DESC`: `isFolder`, `name`, `mimeType`,
         *     `nodeType`, `sizeInBytes`, `modifiedAt`, `createdAt`, `modifiedByUser`, `createdByUser`,
         *     or (children) any property by its QName, such as `cm:title` (nodes without it come last).
         */
        orderBy: string[];
        /** @description A filter in parentheses, for example `(isFolder=true)`. */
        where: string;
        /** @description A version label, for example `1.2`. */
        versionId: string;
        /** @description A person id, or `-me-` for the caller. */
        personId: string;
        /** @description A group id (`GROUP_…`). */
        groupId: string;
        /** @description A site id (case-insensitive). */
        siteId: string;
        /** @description The id of the person who asked to join. */
        inviteeId: string;
        /** @description A path of folder names below `nodeId` to the node to act on. */
        relativePath: string;
        /** @description A unit id (letters, digits, `_ . -`, at most 64), or `-root-` for the root unit. */
        orgUnitIdWithAlias: string;
        /** @description A person id (at most 100 characters, no `/ \ "` or line breaks), or `-me-` for the caller. */
        orgUsername: string;
        /** @description A job id (letters, digits, `_ . -`, at most 64). */
        orgJobId: string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getReadyProbe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProbeEntry"];
                };
            };
            503: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    getLiveProbe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Live */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProbeEntry"];
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SettingsEntry"];
                };
            };
            401: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    getNode: {
        parameters: {
            query?: {
                /**
                 * @description Extra information on each node: `allowableOperations`, `association`, `isLink`,
                 *     `isFavorite`, `isLocked`, `path`, `permissions`, `aspectNames`, `properties`.
                 *     Unknown words are ignored. In lists, without `properties`, a name with a prefix
                 *     (`cm:title`, `properties/cm:title`) selects that property, and an unknown prefix is 400
                 *     ("foo:bar isn't a valid QName").
                 */
                include?: components["parameters"]["include"];
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
                /** @description A path of folder names below `nodeId` to the node to act on. */
                relativePath?: components["parameters"]["relativePath"];
            };
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["NodeEntry"];
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    updateNode: {
        parameters: {
            query?: {
                /**
                 * @description Extra information on each node: `allowableOperations`, `association`, `isLink`,
                 *     `isFavorite`, `isLocked`, `path`, `permissions`, `aspectNames`, `properties`.
                 *     Unknown words are ignored. In lists, without `properties`, a name with a prefix
                 *     (`cm:title`, `properties/cm:title`) selects that property, and an unknown prefix is 400
                 *     ("foo:bar isn't a valid QName").
                 */
                include?: components["parameters"]["include"];
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NodeBodyUpdate"];
            };
        };
        responses: {
            200: components["responses"]["NodeEntry"];
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            409: components["responses"]["Error"];
            422: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    deleteNode: {
        parameters: {
            query?: {
                /**
                 * @description Skip the trashcan: the node and everything below it are gone for good, their content
                 *     released. As in Alfresco, `permanent=true` is allowed only to administrators and the
                 *     node's owner (anyone else gets 403, even with Delete permission). Without it the node
                 *     and its subtree go to the trashcan (`/deleted-nodes`), from where they can be restored.
                 */
                permanent?: boolean;
            };
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            409: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    listNodeChildren: {
        parameters: {
            query?: {
                /** @description How many entries to skip (at most 2147483647, Alfresco's int). */
                skipCount?: components["parameters"]["skipCount"];
                /**
                 * @description The largest number of entries to return. Values up to 2147483647 (Alfresco's int) are accepted;
                 *     a page holds at most 1000 entries, and `pagination.maxItems` of the answer gives the value used.
                 */
                maxItems?: components["parameters"]["maxItems"];
                /**
                 * @description Sort fields, each optionally followed by `ASC` or `DESC`: `isFolder`, `name`, `mimeType`,
                 *     `nodeType`, `sizeInBytes`, `modifiedAt`, `createdAt`, `modifiedByUser`, `createdByUser`,
                 *     or (children) any property by its QName, such as `cm:title` (nodes without it come last).
                 */
                orderBy?: components["parameters"]["orderBy"];
                /** @description A filter in parentheses, for example `(isFolder=true)`. */
                where?: components["parameters"]["where"];
                /**
                 * @description Extra information on each node: `allowableOperations`, `association`, `isLink`,
                 *     `isFavorite`, `isLocked`, `path`, `permissions`, `aspectNames`, `properties`.
                 *     Unknown words are ignored. In lists, without `properties`, a name with a prefix
                 *     (`cm:title`, `properties/cm:title`) selects that property, and an unknown prefix is 400
                 *     ("foo:bar isn't a valid QName").
                 */
                include?: components["parameters"]["include"];
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
                /** @description A path of folder names below `nodeId` to the node to act on. */
                relativePath?: components["parameters"]["relativePath"];
                /** @description Also return the folder itself as `list.source`. */
                includeSource?: boolean;
            };
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of children */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NodeChildPaging"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    createNode: {
        parameters: {
            query?: {
                /** @description On a name clash, add an integer suffix before the extension (`report-1.pdf`). */
                autoRename?: boolean;
                /** @description JSON create of a file: true makes it versioned at 1.0, false at 0.1 (unversioned by default). */
                majorVersion?: boolean;
                /** @description JSON create of a file: true makes it versioned (1.0); false keeps it unversioned whatever else is given. */
                versioningEnabled?: boolean;
                /** @description JSON create of a file: the first version's comment (makes the file versioned). */
                comment?: string;
                /**
                 * @description Extra information on each node: `allowableOperations`, `association`, `isLink`,
                 *     `isFavorite`, `isLocked`, `path`, `permissions`, `aspectNames`, `properties`.
                 *     Unknown words are ignored. In lists, without `properties`, a name with a prefix
                 *     (`cm:title`, `properties/cm:title`) selects that property, and an unknown prefix is 400
                 *     ("foo:bar isn't a valid QName").
                 */
                include?: components["parameters"]["include"];
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NodeBodyCreate"] | components["schemas"]["NodeBodyCreate"][];
                "multipart/form-data": components["schemas"]["NodeBodyUpload"];
            };
        };
        responses: {
            /** @description The new node (or, for an array body, the list of new nodes) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NodeEntry"] | components["schemas"]["NodeChildPaging"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            409: components["responses"]["Error"];
            413: components["responses"]["Error"];
            415: components["responses"]["Error"];
            422: components["responses"]["Error"];
            507: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    getNodeContent: {
        parameters: {
            query?: {
                attachment?: boolean;
            };
            header?: {
                "If-Modified-Since"?: string;
                Range?: string;
            };
            path: {
                /** @description The identifier of a node. */
                nodeId: components["parameters"]["nodeId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The content */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description Part of the content */
            206: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description Not modified since If-Modified-Since */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            416: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    updateNodeContent: {
        parameters: {
            query?: {
                /** @description New name of the node (renames it); an invalid or clashing name changes nothing. */
                name?: string;
                /**
                 * @description A versioned file gets a new minor version, or a major one with `true`. An unversioned file
                 *     becomes versioned when `majorVersion` or `comment` is given (0.1 for `false`, else 1.0).
                 */
                majorVersion?: boolean;
                /** @description The comment of the new version (makes an unversioned file versioned). */
                comment?: string;
                /**
                 * @description Extra information on each node: `allowableOperations`, `association`, `isLink`,
                 *     `isFavorite`, `isLocked`, `path`, `permissions`, `aspectNames`, `properties`.
                 *     Unknown words are ignored. In lists, without `properties`, a name with a prefix
                 *     (`cm:title`, `properties/cm:title`) selects that property, and an unknown prefix is 400
                 *     ("foo:bar isn't a valid QName").
                 */
                include?: components["parameters"]["include"];
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path: {
                /** @description The identifier of a node. */
                nodeId: components["parameters"]["nodeId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/octet-stream": string;
            };
        };
        responses: {
            200: components["responses"]["NodeEntry"];
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            409: components["responses"]["Error"];
            413: components["responses"]["Error"];
            415: components["responses"]["Error"];
            422: components["responses"]["Error"];
            507: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    requestNodeDirectAccessUrl: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The identifier of a node. */
                nodeId: components["parameters"]["nodeId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["DirectAccessUrlBodyCreate"];
            };
        };
        responses: {
            /** @description The URL */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DirectAccessUrlEntry"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            415: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    listSecondaryChildren: {
        parameters: {
            query?: {
                /** @description How many entries to skip (at most 2147483647, Alfresco's int). */
                skipCount?: components["parameters"]["skipCount"];
                /**
                 * @description The largest number of entries to return. Values up to 2147483647 (Alfresco's int) are accepted;
                 *     a page holds at most 1000 entries, and `pagination.maxItems` of the answer gives the value used.
                 */
                maxItems?: components["parameters"]["maxItems"];
                /** @description Filter by association type: `(assocType='cm:contains')`. */
                where?: string;
                /**
                 * @description Extra information on each node: `allowableOperations`, `association`, `isLink`,
                 *     `isFavorite`, `isLocked`, `path`, `permissions`, `aspectNames`, `properties`.
                 *     Unknown words are ignored. In lists, without `properties`, a name with a prefix
                 *     (`cm:title`, `properties/cm:title`) selects that property, and an unknown prefix is 400
                 *     ("foo:bar isn't a valid QName").
                 */
                include?: components["parameters"]["include"];
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
                /** @description Also return the node itself as `list.source`. */
                includeSource?: boolean;
            };
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of nodes, each with its `association` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NodeChildPaging"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    createSecondaryChildAssociation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SecondaryChildAssociationBody"] | components["schemas"]["SecondaryChildAssociationBody"][];
            };
        };
        responses: {
            /** @description The association (a list for an array body) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SecondaryChildAssociationEntry"] | components["schemas"]["SecondaryChildAssociationEntryPaging"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            409: components["responses"]["Error"];
            415: components["responses"]["Error"];
            422: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    deleteSecondaryChildAssociation: {
        parameters: {
            query?: {
                /** @description Only associations of this type (all between the two nodes when absent). */
                assocType?: string;
            };
            header?: never;
            path: {
                /** @description The identifier of a node. */
                nodeId: components["parameters"]["nodeId"];
                childId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    listParents: {
        parameters: {
            query?: {
                /** @description How many entries to skip (at most 2147483647, Alfresco's int). */
                skipCount?: components["parameters"]["skipCount"];
                /**
                 * @description The largest number of entries to return. Values up to 2147483647 (Alfresco's int) are accepted;
                 *     a page holds at most 1000 entries, and `pagination.maxItems` of the answer gives the value used.
                 */
                maxItems?: components["parameters"]["maxItems"];
                /** @description `(assocType='cm:contains')` and/or `(isPrimary=true)`, joined with AND. */
                where?: string;
                /**
                 * @description Extra information on each node: `allowableOperations`, `association`, `isLink`,
                 *     `isFavorite`, `isLocked`, `path`, `permissions`, `aspectNames`, `properties`.
                 *     Unknown words are ignored. In lists, without `properties`, a name with a prefix
                 *     (`cm:title`, `properties/cm:title`) selects that property, and an unknown prefix is 400
                 *     ("foo:bar isn't a valid QName").
                 */
                include?: components["parameters"]["include"];
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of nodes, each with its `association` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NodeChildPaging"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    listTargetAssociations: {
        parameters: {
            query?: {
                /** @description How many entries to skip (at most 2147483647, Alfresco's int). */
                skipCount?: components["parameters"]["skipCount"];
                /**
                 * @description The largest number of entries to return. Values up to 2147483647 (Alfresco's int) are accepted;
                 *     a page holds at most 1000 entries, and `pagination.maxItems` of the answer gives the value used.
                 */
                maxItems?: components["parameters"]["maxItems"];
                /** @description Filter by association type: `(assocType='cm:references')`. */
                where?: string;
                /**
                 * @description Extra information on each node: `allowableOperations`, `association`, `isLink`,
                 *     `isFavorite`, `isLocked`, `path`, `permissions`, `aspectNames`, `properties`.
                 *     Unknown words are ignored. In lists, without `properties`, a name with a prefix
                 *     (`cm:title`, `properties/cm:title`) selects that property, and an unknown prefix is 400
                 *     ("foo:bar isn't a valid QName").
                 */
                include?: components["parameters"]["include"];
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of nodes, each with its `association` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NodeChildPaging"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    createAssociation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AssociationBody"] | components["schemas"]["AssociationBody"][];
            };
        };
        responses: {
            /** @description The association (a list for an array body) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AssociationEntry"] | components["schemas"]["AssociationEntryPaging"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            409: components["responses"]["Error"];
            415: components["responses"]["Error"];
            422: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    deleteAssociation: {
        parameters: {
            query?: {
                /** @description Only associations of this type (all between the two nodes when absent). */
                assocType?: string;
            };
            header?: never;
            path: {
                /** @description The identifier of a node. */
                nodeId: components["parameters"]["nodeId"];
                targetId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    listSourceAssociations: {
        parameters: {
            query?: {
                /** @description How many entries to skip (at most 2147483647, Alfresco's int). */
                skipCount?: components["parameters"]["skipCount"];
                /**
                 * @description The largest number of entries to return. Values up to 2147483647 (Alfresco's int) are accepted;
                 *     a page holds at most 1000 entries, and `pagination.maxItems` of the answer gives the value used.
                 */
                maxItems?: components["parameters"]["maxItems"];
                /** @description Filter by association type: `(assocType='cm:references')`. */
                where?: string;
                /**
                 * @description Extra information on each node: `allowableOperations`, `association`, `isLink`,
                 *     `isFavorite`, `isLocked`, `path`, `permissions`, `aspectNames`, `properties`.
                 *     Unknown words are ignored. In lists, without `properties`, a name with a prefix
                 *     (`cm:title`, `properties/cm:title`) selects that property, and an unknown prefix is 400
                 *     ("foo:bar isn't a valid QName").
                 */
                include?: components["parameters"]["include"];
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of nodes, each with its `association` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NodeChildPaging"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    copyNode: {
        parameters: {
            query?: {
                /**
                 * @description Extra information on each node: `allowableOperations`, `association`, `isLink`,
                 *     `isFavorite`, `isLocked`, `path`, `permissions`, `aspectNames`, `properties`.
                 *     Unknown words are ignored. In lists, without `properties`, a name with a prefix
                 *     (`cm:title`, `properties/cm:title`) selects that property, and an unknown prefix is 400
                 *     ("foo:bar isn't a valid QName").
                 */
                include?: components["parameters"]["include"];
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NodeBodyCopy"];
            };
        };
        responses: {
            201: components["responses"]["NodeEntry"];
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            409: components["responses"]["Error"];
            415: components["responses"]["Error"];
            422: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    moveNode: {
        parameters: {
            query?: {
                /**
                 * @description Extra information on each node: `allowableOperations`, `association`, `isLink`,
                 *     `isFavorite`, `isLocked`, `path`, `permissions`, `aspectNames`, `properties`.
                 *     Unknown words are ignored. In lists, without `properties`, a name with a prefix
                 *     (`cm:title`, `properties/cm:title`) selects that property, and an unknown prefix is 400
                 *     ("foo:bar isn't a valid QName").
                 */
                include?: components["parameters"]["include"];
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NodeBodyCopy"];
            };
        };
        responses: {
            200: components["responses"]["NodeEntry"];
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            409: components["responses"]["Error"];
            415: components["responses"]["Error"];
            422: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    lockNode: {
        parameters: {
            query?: {
                /**
                 * @description Extra information on each node: `allowableOperations`, `association`, `isLink`,
                 *     `isFavorite`, `isLocked`, `path`, `permissions`, `aspectNames`, `properties`.
                 *     Unknown words are ignored. In lists, without `properties`, a name with a prefix
                 *     (`cm:title`, `properties/cm:title`) selects that property, and an unknown prefix is 400
                 *     ("foo:bar isn't a valid QName").
                 */
                include?: components["parameters"]["include"];
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NodeBodyLock"];
            };
        };
        responses: {
            200: components["responses"]["NodeEntry"];
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            415: components["responses"]["Error"];
            422: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    unlockNode: {
        parameters: {
            query?: {
                /**
                 * @description Extra information on each node: `allowableOperations`, `association`, `isLink`,
                 *     `isFavorite`, `isLocked`, `path`, `permissions`, `aspectNames`, `properties`.
                 *     Unknown words are ignored. In lists, without `properties`, a name with a prefix
                 *     (`cm:title`, `properties/cm:title`) selects that property, and an unknown prefix is 400
                 *     ("foo:bar isn't a valid QName").
                 */
                include?: components["parameters"]["include"];
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["NodeEntry"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            422: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    listVersionHistory: {
        parameters: {
            query?: {
                /** @description How many entries to skip (at most 2147483647, Alfresco's int). */
                skipCount?: components["parameters"]["skipCount"];
                /**
                 * @description The largest number of entries to return. Values up to 2147483647 (Alfresco's int) are accepted;
                 *     a page holds at most 1000 entries, and `pagination.maxItems` of the answer gives the value used.
                 */
                maxItems?: components["parameters"]["maxItems"];
                /**
                 * @description Extra information on each node: `allowableOperations`, `association`, `isLink`,
                 *     `isFavorite`, `isLocked`, `path`, `permissions`, `aspectNames`, `properties`.
                 *     Unknown words are ignored. In lists, without `properties`, a name with a prefix
                 *     (`cm:title`, `properties/cm:title`) selects that property, and an unknown prefix is 400
                 *     ("foo:bar isn't a valid QName").
                 */
                include?: components["parameters"]["include"];
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of versions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionPaging"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    getVersion: {
        parameters: {
            query?: {
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
                /** @description A version label, for example `1.2`. */
                versionId: components["parameters"]["versionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The version */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionEntry"];
                };
            };
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    deleteVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
                /** @description A version label, for example `1.2`. */
                versionId: components["parameters"]["versionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            409: components["responses"]["Error"];
            422: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    listVersionRenditions: {
        parameters: {
            query?: {
                /** @description How many entries to skip (at most 2147483647, Alfresco's int). */
                skipCount?: components["parameters"]["skipCount"];
                /**
                 * @description The largest number of entries to return. Values up to 2147483647 (Alfresco's int) are accepted;
                 *     a page holds at most 1000 entries, and `pagination.maxItems` of the answer gives the value used.
                 */
                maxItems?: components["parameters"]["maxItems"];
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
                /** @description A version label, for example `1.2`. */
                versionId: components["parameters"]["versionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of renditions (empty) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RenditionPaging"];
                };
            };
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    getVersionRendition: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
                /** @description A version label, for example `1.2`. */
                versionId: components["parameters"]["versionId"];
                /** @description A rendition id, for example `pdf`. */
                renditionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rendition */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RenditionEntry"];
                };
            };
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    getVersionContent: {
        parameters: {
            query?: {
                attachment?: boolean;
            };
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
                /** @description A version label, for example `1.2`. */
                versionId: components["parameters"]["versionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The content */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description Part of the content */
            206: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description Not modified */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            416: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    requestVersionDirectAccessUrl: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
                /** @description A version label, for example `1.2`. */
                versionId: components["parameters"]["versionId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["DirectAccessUrlBodyCreate"];
            };
        };
        responses: {
            /** @description The URL */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DirectAccessUrlEntry"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            415: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    getDirectAccessContent: {
        parameters: {
            query?: never;
            header?: {
                Range?: string;
            };
            path: {
                /** @description The token of a `contentUrl` from a request-direct-access-url operation. */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The content */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description Part of the content */
            206: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description Not modified */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            416: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    revertVersion: {
        parameters: {
            query?: {
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
                /** @description A version label, for example `1.2`. */
                versionId: components["parameters"]["versionId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RevertBody"];
            };
        };
        responses: {
            /** @description The new version */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionEntry"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            409: components["responses"]["Error"];
            415: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    listRenditions: {
        parameters: {
            query?: {
                /** @description How many entries to skip (at most 2147483647, Alfresco's int). */
                skipCount?: components["parameters"]["skipCount"];
                /**
                 * @description The largest number of entries to return. Values up to 2147483647 (Alfresco's int) are accepted;
                 *     a page holds at most 1000 entries, and `pagination.maxItems` of the answer gives the value used.
                 */
                maxItems?: components["parameters"]["maxItems"];
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of renditions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RenditionPaging"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    getRendition: {
        parameters: {
            query?: {
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path: {
                /** @description The identifier of a node, or one of the aliases `-my-`, `-shared-`, `-root-`. */
                nodeId: components["parameters"]["nodeIdWithAlias"];
                /** @description A rendition id, for example `doclib`. */
                renditionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rendition */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RenditionEntry"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    listDeletedNodes: {
        parameters: {
            query?: {
                /** @description How many entries to skip (at most 2147483647, Alfresco's int). */
                skipCount?: components["parameters"]["skipCount"];
                /**
                 * @description The largest number of entries to return. Values up to 2147483647 (Alfresco's int) are accepted;
                 *     a page holds at most 1000 entries, and `pagination.maxItems` of the answer gives the value used.
                 */
                maxItems?: components["parameters"]["maxItems"];
                /** @description Extra information on each trash item - `path` (where it was deleted from; absent when that folder is gone), `properties`, `aspectNames`, `allowableOperations`. */
                include?: components["parameters"]["deletedNodeInclude"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of trash items (the deleted nodes, not the nodes below them) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedNodePaging"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    getDeletedNode: {
        parameters: {
            query?: {
                /** @description Extra information on each trash item - `path` (where it was deleted from; absent when that folder is gone), `properties`, `aspectNames`, `allowableOperations`. */
                include?: components["parameters"]["deletedNodeInclude"];
            };
            header?: never;
            path: {
                /** @description The identifier of a node. */
                nodeId: components["parameters"]["nodeId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The trash item */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedNodeEntry"];
                };
            };
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    purgeDeletedNode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The identifier of a node. */
                nodeId: components["parameters"]["nodeId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Purged */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    restoreDeletedNode: {
        parameters: {
            query?: {
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path: {
                /** @description The identifier of a node. */
                nodeId: components["parameters"]["nodeId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["DeletedNodeBodyRestore"];
            };
        };
        responses: {
            /** @description The restored node */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NodeEntry"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            409: components["responses"]["Error"];
            422: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    getDeletedNodeContent: {
        parameters: {
            query?: {
                attachment?: boolean;
            };
            header?: {
                "If-Modified-Since"?: string;
                Range?: string;
            };
            path: {
                /** @description The identifier of a node. */
                nodeId: components["parameters"]["nodeId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The content */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description Part of the content */
            206: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description Not modified since If-Modified-Since */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            416: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    listDeletedNodeRenditions: {
        parameters: {
            query?: {
                /** @description How many entries to skip (at most 2147483647, Alfresco's int). */
                skipCount?: components["parameters"]["skipCount"];
                /**
                 * @description The largest number of entries to return. Values up to 2147483647 (Alfresco's int) are accepted;
                 *     a page holds at most 1000 entries, and `pagination.maxItems` of the answer gives the value used.
                 */
                maxItems?: components["parameters"]["maxItems"];
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path: {
                /** @description The identifier of a node. */
                nodeId: components["parameters"]["nodeId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of renditions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RenditionPaging"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    getDeletedNodeRendition: {
        parameters: {
            query?: {
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path: {
                /** @description The identifier of a node. */
                nodeId: components["parameters"]["nodeId"];
                /** @description A rendition id, for example `doclib`. */
                renditionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rendition */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RenditionEntry"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    getDeletedNodeRenditionContent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The identifier of a node. */
                nodeId: components["parameters"]["nodeId"];
                renditionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rendition's content */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    createDownload: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DownloadBodyCreate"];
            };
        };
        responses: {
            /** @description The download, PENDING */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DownloadEntry"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            429: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    getDownload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The download's id (also its node id). */
                downloadId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The download */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DownloadEntry"];
                };
            };
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    cancelDownload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The download's id (also its node id). */
                downloadId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cancelled */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    listTypes: {
        parameters: {
            query?: {
                /** @description How many entries to skip (at most 2147483647, Alfresco's int). */
                skipCount?: components["parameters"]["skipCount"];
                /**
                 * @description The largest number of entries to return. Values up to 2147483647 (Alfresco's int) are accepted;
                 *     a page holds at most 1000 entries, and `pagination.maxItems` of the answer gives the value used.
                 */
                maxItems?: components["parameters"]["maxItems"];
                /** @description A filter in parentheses, for example `(isFolder=true)`. */
                where?: components["parameters"]["where"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of types */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelClassPaging"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    getType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                typeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The type */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelClassEntry"];
                };
            };
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    listAspects: {
        parameters: {
            query?: {
                /** @description How many entries to skip (at most 2147483647, Alfresco's int). */
                skipCount?: components["parameters"]["skipCount"];
                /**
                 * @description The largest number of entries to return. Values up to 2147483647 (Alfresco's int) are accepted;
                 *     a page holds at most 1000 entries, and `pagination.maxItems` of the answer gives the value used.
                 */
                maxItems?: components["parameters"]["maxItems"];
                /** @description A filter in parentheses, for example `(isFolder=true)`. */
                where?: components["parameters"]["where"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of aspects */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelClassPaging"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    getAspect: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                aspectId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The aspect */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelClassEntry"];
                };
            };
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    search: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SearchRequest"];
            };
        };
        responses: {
            /** @description A page of the matching nodes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchResultPaging"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    findNodes: {
        parameters: {
            query?: {
                /** @description The words to find. Needed (400 without it); left optional here so the answer is Alfresco's own message. */
                term?: string;
                /** @description Only nodes below this node (an id or `-root-`, `-my-`, `-shared-`). */
                rootNodeId?: string;
                /** @description Only nodes of this type or its subtypes (`cm:content`, `cm:folder`, ...). */
                nodeType?: string;
                /** @description How many entries to skip (at most 2147483647, Alfresco's int). */
                skipCount?: components["parameters"]["skipCount"];
                /**
                 * @description The largest number of entries to return. Values up to 2147483647 (Alfresco's int) are accepted;
                 *     a page holds at most 1000 entries, and `pagination.maxItems` of the answer gives the value used.
                 */
                maxItems?: components["parameters"]["maxItems"];
                /**
                 * @description Sort fields, each optionally followed by `ASC` or `DESC`: `isFolder`, `name`, `mimeType`,
                 *     `nodeType`, `sizeInBytes`, `modifiedAt`, `createdAt`, `modifiedByUser`, `createdByUser`,
                 *     or (children) any property by its QName, such as `cm:title` (nodes without it come last).
                 */
                orderBy?: components["parameters"]["orderBy"];
                /**
                 * @description Extra information on each node: `allowableOperations`, `association`, `isLink`,
                 *     `isFavorite`, `isLocked`, `path`, `permissions`, `aspectNames`, `properties`.
                 *     Unknown words are ignored. In lists, without `properties`, a name with a prefix
                 *     (`cm:title`, `properties/cm:title`) selects that property, and an unknown prefix is 400
                 *     ("foo:bar isn't a valid QName").
                 */
                include?: components["parameters"]["include"];
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the matching nodes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NodeChildPaging"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    findPeople: {
        parameters: {
            query?: {
                /** @description The words to find. Needed (400 without it); left optional here so the answer is Alfresco's own message. */
                term?: string;
                /** @description How many entries to skip (at most 2147483647, Alfresco's int). */
                skipCount?: components["parameters"]["skipCount"];
                /**
                 * @description The largest number of entries to return. Values up to 2147483647 (Alfresco's int) are accepted;
                 *     a page holds at most 1000 entries, and `pagination.maxItems` of the answer gives the value used.
                 */
                maxItems?: components["parameters"]["maxItems"];
                /**
                 * @description Sort fields, each optionally followed by `ASC` or `DESC`: `isFolder`, `name`, `mimeType`,
                 *     `nodeType`, `sizeInBytes`, `modifiedAt`, `createdAt`, `modifiedByUser`, `createdByUser`,
                 *     or (children) any property by its QName, such as `cm:title` (nodes without it come last).
                 */
                orderBy?: components["parameters"]["orderBy"];
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of people */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PersonPaging"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    findSites: {
        parameters: {
            query?: {
                /** @description The words to find. Needed (400 without it); left optional here so the answer is Alfresco's own message. */
                term?: string;
                /** @description How many entries to skip (at most 2147483647, Alfresco's int). */
                skipCount?: components["parameters"]["skipCount"];
                /**
                 * @description The largest number of entries to return. Values up to 2147483647 (Alfresco's int) are accepted;
                 *     a page holds at most 1000 entries, and `pagination.maxItems` of the answer gives the value used.
                 */
                maxItems?: components["parameters"]["maxItems"];
                /**
                 * @description Sort fields, each optionally followed by `ASC` or `DESC`: `isFolder`, `name`, `mimeType`,
                 *     `nodeType`, `sizeInBytes`, `modifiedAt`, `createdAt`, `modifiedByUser`, `createdByUser`,
                 *     or (children) any property by its QName, such as `cm:title` (nodes without it come last).
                 */
                orderBy?: components["parameters"]["orderBy"];
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of sites */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SitePaging"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    streamEvents: {
        parameters: {
            query?: never;
            header?: {
                /** @description The id of the last event received; absent for events from now on. */
                "Last-Event-ID"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stream of events (each message's data is a LiveEvent) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": components["schemas"]["LiveEvent"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            429: components["responses"]["Error"];
            503: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    emptyTrash: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What was purged and what is left */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmptyTrashEntry"];
                };
            };
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    getDiscovery: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The repository */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DiscoveryEntry"];
                };
            };
            401: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    getClassDefinition: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A type or aspect, its prefix and name joined by an underscore (`cm_titled`). */
                className: components["parameters"]["className"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The class */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebScriptClass"];
                };
            };
            401: components["responses"]["WebScriptError"];
            404: components["responses"]["WebScriptError"];
            default: components["responses"]["WebScriptError"];
        };
    };
    listSubclassDefinitions: {
        parameters: {
            query?: {
                /** @description `true` (default): every level below, and the class itself; `false`: its direct children only. */
                r?: "true" | "false";
                /** @description Only the classes of this namespace prefix (`cm`). */
                nsp?: string;
                /** @description Only the classes of this model (`cm_contentmodel`), read by its namespace prefix. */
                n?: string;
            };
            header?: never;
            path: {
                /** @description A type or aspect, its prefix and name joined by an underscore (`cm_titled`). */
                className: components["parameters"]["className"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The classes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebScriptClass"][];
                };
            };
            401: components["responses"]["WebScriptError"];
            404: components["responses"]["WebScriptError"];
            default: components["responses"]["WebScriptError"];
        };
    };
    createTicket: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TicketBody"];
            };
        };
        responses: {
            /** @description The ticket */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TicketEntry"];
                };
            };
            400: components["responses"]["Error"];
            403: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    validateTicket: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Only `-me-` (the ticket the request was authenticated with). */
                ticketId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The ticket */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TicketEntry"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    deleteTicket: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Only `-me-` (the ticket the request was authenticated with). */
                ticketId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    classicLogin: {
        parameters: {
            query?: {
                /** @description The user name. */
                u?: string;
                /** @description The password. */
                pw?: string;
                /** @description `xml` (default) or `json`. */
                format?: "xml" | "json";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The ticket */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClassicTicket"];
                    "text/xml": string;
                };
            };
            400: components["responses"]["WebScriptError"];
            403: components["responses"]["WebScriptError"];
            default: components["responses"]["WebScriptError"];
        };
    };
    classicLoginJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClassicLoginBody"];
            };
        };
        responses: {
            /** @description The ticket */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClassicTicket"];
                };
            };
            400: components["responses"]["WebScriptError"];
            403: components["responses"]["WebScriptError"];
            default: components["responses"]["WebScriptError"];
        };
    };
    classicValidateTicket: {
        parameters: {
            query?: {
                /** @description `xml` (default) or `json`. */
                format?: "xml" | "json";
            };
            header?: never;
            path: {
                /** @description A ticket of the caller. */
                ticket: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The ticket */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClassicTicket"];
                    "text/xml": string;
                };
            };
            401: components["responses"]["WebScriptError"];
            404: components["responses"]["WebScriptError"];
            default: components["responses"]["WebScriptError"];
        };
    };
    classicLogout: {
        parameters: {
            query?: {
                /** @description `xml` (default) or `json`. */
                format?: "xml" | "json";
            };
            header?: never;
            path: {
                /** @description A ticket of the caller. */
                ticket: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The ticket, now invalid */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClassicTicket"];
                    "text/xml": string;
                };
            };
            401: components["responses"]["WebScriptError"];
            404: components["responses"]["WebScriptError"];
            default: components["responses"]["WebScriptError"];
        };
    };
    listPeople: {
        parameters: {
            query?: {
                /** @description How many entries to skip (at most 2147483647, Alfresco's int). */
                skipCount?: components["parameters"]["skipCount"];
                /**
                 * @description The largest number of entries to return. Values up to 2147483647 (Alfresco's int) are accepted;
                 *     a page holds at most 1000 entries, and `pagination.maxItems` of the answer gives the value used.
                 */
                maxItems?: components["parameters"]["maxItems"];
                /**
                 * @description Sort fields, each optionally followed by `ASC` or `DESC`: `isFolder`, `name`, `mimeType`,
                 *     `nodeType`, `sizeInBytes`, `modifiedAt`, `createdAt`, `modifiedByUser`, `createdByUser`,
                 *     or (children) any property by its QName, such as `cm:title` (nodes without it come last).
                 */
                orderBy?: components["parameters"]["orderBy"];
                /**
                 * @description Extra information on each node: `allowableOperations`, `association`, `isLink`,
                 *     `isFavorite`, `isLocked`, `path`, `permissions`, `aspectNames`, `properties`.
                 *     Unknown words are ignored. In lists, without `properties`, a name with a prefix
                 *     (`cm:title`, `properties/cm:title`) selects that property, and an unknown prefix is 400
                 *     ("foo:bar isn't a valid QName").
                 */
                include?: components["parameters"]["include"];
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
                /** @description Quire extension for search, `(search='text')`, matching id, first and last name and email. */
                where?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of people */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PersonPaging"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    createPerson: {
        parameters: {
            query?: {
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PersonBodyCreate"];
            };
        };
        responses: {
            /** @description The person */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PersonEntry"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            409: components["responses"]["Error"];
            422: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    getPerson: {
        parameters: {
            query?: {
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path: {
                /** @description A person id, or `-me-` for the caller. */
                personId: components["parameters"]["personId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The person */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PersonEntry"];
                };
            };
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    updatePerson: {
        parameters: {
            query?: {
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path: {
                /** @description A person id, or `-me-` for the caller. */
                personId: components["parameters"]["personId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PersonBodyUpdate"];
            };
        };
        responses: {
            /** @description The person */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PersonEntry"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            422: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    listGroupMembershipsForPerson: {
        parameters: {
            query?: {
                /** @description How many entries to skip (at most 2147483647, Alfresco's int). */
                skipCount?: components["parameters"]["skipCount"];
                /**
                 * @description The largest number of entries to return. Values up to 2147483647 (Alfresco's int) are accepted;
                 *     a page holds at most 1000 entries, and `pagination.maxItems` of the answer gives the value used.
                 */
                maxItems?: components["parameters"]["maxItems"];
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path: {
                /** @description A person id, or `-me-` for the caller. */
                personId: components["parameters"]["personId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of groups */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupPaging"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    listSiteMembershipsForPerson: {
        parameters: {
            query?: {
                /** @description How many entries to skip (at most 2147483647, Alfresco's int). */
                skipCount?: components["parameters"]["skipCount"];
                /**
                 * @description The largest number of entries to return. Values up to 2147483647 (Alfresco's int) are accepted;
                 *     a page holds at most 1000 entries, and `pagination.maxItems` of the answer gives the value used.
                 */
                maxItems?: components["parameters"]["maxItems"];
                /**
                 * @description Sort fields, each optionally followed by `ASC` or `DESC`: `isFolder`, `name`, `mimeType`,
                 *     `nodeType`, `sizeInBytes`, `modifiedAt`, `createdAt`, `modifiedByUser`, `createdByUser`,
                 *     or (children) any property by its QName, such as `cm:title` (nodes without it come last).
                 */
                orderBy?: components["parameters"]["orderBy"];
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path: {
                /** @description A person id, or `-me-` for the caller. */
                personId: components["parameters"]["personId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of site memberships */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteRolePaging"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    listSiteMembershipRequestsForPerson: {
        parameters: {
            query?: {
                /** @description How many entries to skip (at most 2147483647, Alfresco's int). */
                skipCount?: components["parameters"]["skipCount"];
                /**
                 * @description The largest number of entries to return. Values up to 2147483647 (Alfresco's int) are accepted;
                 *     a page holds at most 1000 entries, and `pagination.maxItems` of the answer gives the value used.
                 */
                maxItems?: components["parameters"]["maxItems"];
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path: {
                /** @description A person id, or `-me-` for the caller. */
                personId: components["parameters"]["personId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of requests */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteMembershipRequestPaging"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    createSiteMembershipRequestForPerson: {
        parameters: {
            query?: {
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path: {
                /** @description A person id, or `-me-` for the caller. */
                personId: components["parameters"]["personId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SiteMembershipRequestBodyCreate"];
            };
        };
        responses: {
            /** @description The request (for a PUBLIC site, the joining) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteMembershipRequestEntry"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    getSiteMembershipRequestForPerson: {
        parameters: {
            query?: {
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path: {
                /** @description A person id, or `-me-` for the caller. */
                personId: components["parameters"]["personId"];
                /** @description A site id (case-insensitive). */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteMembershipRequestEntry"];
                };
            };
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    updateSiteMembershipRequestForPerson: {
        parameters: {
            query?: {
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path: {
                /** @description A person id, or `-me-` for the caller. */
                personId: components["parameters"]["personId"];
                /** @description A site id (case-insensitive). */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SiteMembershipRequestBodyUpdate"];
            };
        };
        responses: {
            /** @description The request */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteMembershipRequestEntry"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    deleteSiteMembershipRequestForPerson: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A person id, or `-me-` for the caller. */
                personId: components["parameters"]["personId"];
                /** @description A site id (case-insensitive). */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cancelled */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    listFavorites: {
        parameters: {
            query?: {
                /** @description How many entries to skip (at most 2147483647, Alfresco's int). */
                skipCount?: components["parameters"]["skipCount"];
                /**
                 * @description The largest number of entries to return. Values up to 2147483647 (Alfresco's int) are accepted;
                 *     a page holds at most 1000 entries, and `pagination.maxItems` of the answer gives the value used.
                 */
                maxItems?: components["parameters"]["maxItems"];
                /**
                 * @description Sort fields, each optionally followed by `ASC` or `DESC`: `type` (files, folders,
                 *     sites), `createdAt`, `title` (the target's name; a site's id) and `username` (the
                 *     owner: the same for every favorite). Default `type ASC,createdAt DESC`; any other
                 *     field is 400.
                 */
                orderBy?: string[];
                /**
                 * @description Only favorites of these kinds: one parenthesised predicate of `EXISTS(target/file)`,
                 *     `EXISTS(target/folder)` and `EXISTS(target/site)` joined with `OR`, for example
                 *     `(EXISTS(target/file) OR EXISTS(target/folder))`. Anything else is 400.
                 */
                where?: string;
                /**
                 * @description Extra information on each favorite: `path` (inside `target.file` or `target.folder`),
                 *     `properties`, `aspectNames` and `allowableOperations` (of the target, at the top level of
                 *     the favorite). Unknown values are ignored.
                 */
                include?: components["parameters"]["favoriteInclude"];
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path: {
                /** @description A person id, or `-me-` for the caller. */
                personId: components["parameters"]["personId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of favorites */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FavoritePaging"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    createFavorite: {
        parameters: {
            query?: {
                /**
                 * @description Extra information on each favorite: `path` (inside `target.file` or `target.folder`),
                 *     `properties`, `aspectNames` and `allowableOperations` (of the target, at the top level of
                 *     the favorite). Unknown values are ignored.
                 */
                include?: components["parameters"]["favoriteInclude"];
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path: {
                /** @description A person id, or `-me-` for the caller. */
                personId: components["parameters"]["personId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FavoriteBodyCreate"] | components["schemas"]["FavoriteBodyCreate"][];
            };
        };
        responses: {
            /** @description The favorite (a list for an array body) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FavoriteEntry"] | components["schemas"]["FavoritePaging"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    getFavorite: {
        parameters: {
            query?: {
                /**
                 * @description Extra information on each favorite: `path` (inside `target.file` or `target.folder`),
                 *     `properties`, `aspectNames` and `allowableOperations` (of the target, at the top level of
                 *     the favorite). Unknown values are ignored.
                 */
                include?: components["parameters"]["favoriteInclude"];
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path: {
                /** @description A person id, or `-me-` for the caller. */
                personId: components["parameters"]["personId"];
                /** @description The id of the favorite's target (`targetGuid`). */
                favoriteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The favorite */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FavoriteEntry"];
                };
            };
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    deleteFavorite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A person id, or `-me-` for the caller. */
                personId: components["parameters"]["personId"];
                /** @description The id of the favorite's target (`targetGuid`). */
                favoriteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    listFavoriteSitesForPerson: {
        parameters: {
            query?: {
                /** @description How many entries to skip (at most 2147483647, Alfresco's int). */
                skipCount?: components["parameters"]["skipCount"];
                /**
                 * @description The largest number of entries to return. Values up to 2147483647 (Alfresco's int) are accepted;
                 *     a page holds at most 1000 entries, and `pagination.maxItems` of the answer gives the value used.
                 */
                maxItems?: components["parameters"]["maxItems"];
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path: {
                /** @description A person id, or `-me-` for the caller. */
                personId: components["parameters"]["personId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of sites */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SitePaging"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    createSiteFavorite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A person id, or `-me-` for the caller. */
                personId: components["parameters"]["personId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FavoriteSiteBodyCreate"];
            };
        };
        responses: {
            /** @description The site, by its id */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FavoriteSiteEntry"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            409: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    getFavoriteSite: {
        parameters: {
            query?: {
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path: {
                /** @description A person id, or `-me-` for the caller. */
                personId: components["parameters"]["personId"];
                /** @description The site's id. */
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The site */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteEntry"];
                };
            };
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    deleteSiteFavorite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A person id, or `-me-` for the caller. */
                personId: components["parameters"]["personId"];
                /** @description The site's id. */
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    listGroups: {
        parameters: {
            query?: {
                /** @description How many entries to skip (at most 2147483647, Alfresco's int). */
                skipCount?: components["parameters"]["skipCount"];
                /**
                 * @description The largest number of entries to return. Values up to 2147483647 (Alfresco's int) are accepted;
                 *     a page holds at most 1000 entries, and `pagination.maxItems` of the answer gives the value used.
                 */
                maxItems?: components["parameters"]["maxItems"];
                /**
                 * @description Extra information on each node: `allowableOperations`, `association`, `isLink`,
                 *     `isFavorite`, `isLocked`, `path`, `permissions`, `aspectNames`, `properties`.
                 *     Unknown words are ignored. In lists, without `properties`, a name with a prefix
                 *     (`cm:title`, `properties/cm:title`) selects that property, and an unknown prefix is 400
                 *     ("foo:bar isn't a valid QName").
                 */
                include?: components["parameters"]["include"];
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
                /** @description `(isRoot=true)` or `(isRoot=false)`. */
                where?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of groups */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupPaging"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    createGroup: {
        parameters: {
            query?: {
                /**
                 * @description Extra information on each node: `allowableOperations`, `association`, `isLink`,
                 *     `isFavorite`, `isLocked`, `path`, `permissions`, `aspectNames`, `properties`.
                 *     Unknown words are ignored. In lists, without `properties`, a name with a prefix
                 *     (`cm:title`, `properties/cm:title`) selects that property, and an unknown prefix is 400
                 *     ("foo:bar isn't a valid QName").
                 */
                include?: components["parameters"]["include"];
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GroupBodyCreate"];
            };
        };
        responses: {
            /** @description The group */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupEntry"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            409: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    getGroup: {
        parameters: {
            query?: {
                /**
                 * @description Extra information on each node: `allowableOperations`, `association`, `isLink`,
                 *     `isFavorite`, `isLocked`, `path`, `permissions`, `aspectNames`, `properties`.
                 *     Unknown words are ignored. In lists, without `properties`, a name with a prefix
                 *     (`cm:title`, `properties/cm:title`) selects that property, and an unknown prefix is 400
                 *     ("foo:bar isn't a valid QName").
                 */
                include?: components["parameters"]["include"];
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path: {
                /** @description A group id (`GROUP_…`). */
                groupId: components["parameters"]["groupId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The group */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupEntry"];
                };
            };
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    deleteGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A group id (`GROUP_…`). */
                groupId: components["parameters"]["groupId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            409: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    listGroupMembers: {
        parameters: {
            query?: {
                /** @description How many entries to skip (at most 2147483647, Alfresco's int). */
                skipCount?: components["parameters"]["skipCount"];
                /**
                 * @description The largest number of entries to return. Values up to 2147483647 (Alfresco's int) are accepted;
                 *     a page holds at most 1000 entries, and `pagination.maxItems` of the answer gives the value used.
                 */
                maxItems?: components["parameters"]["maxItems"];
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path: {
                /** @description A group id (`GROUP_…`). */
                groupId: components["parameters"]["groupId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of members */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupMemberPaging"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    createGroupMembership: {
        parameters: {
            query?: {
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path: {
                /** @description A group id (`GROUP_…`). */
                groupId: components["parameters"]["groupId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GroupMembershipBodyCreate"];
            };
        };
        responses: {
            /** @description The member */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupMemberEntry"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            409: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    deleteGroupMembership: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A group id (`GROUP_…`). */
                groupId: components["parameters"]["groupId"];
                /** @description A person id or a group id. */
                groupMemberId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    listSites: {
        parameters: {
            query?: {
                /** @description How many entries to skip (at most 2147483647, Alfresco's int). */
                skipCount?: components["parameters"]["skipCount"];
                /**
                 * @description The largest number of entries to return. Values up to 2147483647 (Alfresco's int) are accepted;
                 *     a page holds at most 1000 entries, and `pagination.maxItems` of the answer gives the value used.
                 */
                maxItems?: components["parameters"]["maxItems"];
                /**
                 * @description Sort fields, each optionally followed by `ASC` or `DESC`: `isFolder`, `name`, `mimeType`,
                 *     `nodeType`, `sizeInBytes`, `modifiedAt`, `createdAt`, `modifiedByUser`, `createdByUser`,
                 *     or (children) any property by its QName, such as `cm:title` (nodes without it come last).
                 */
                orderBy?: components["parameters"]["orderBy"];
                /**
                 * @description Only sites of these visibilities: `(visibility='PUBLIC')`, `PRIVATE` or `MODERATED`,
                 *     several joined with `OR`, for example `(visibility='PUBLIC' OR visibility='MODERATED')`.
                 *     Any other value, property or operator is 400.
                 */
                where?: string;
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of sites */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SitePaging"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    createSite: {
        parameters: {
            query?: {
                /** @description Accepted for compatibility; Quire has no Share dashboard configuration to import. */
                skipConfiguration?: boolean;
                /** @description Do not add the new site to the caller's favorites. */
                skipAddToFavorites?: boolean;
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SiteBodyCreate"];
            };
        };
        responses: {
            /** @description The site */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteEntry"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            409: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    getSite: {
        parameters: {
            query?: {
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path: {
                /** @description A site id (case-insensitive). */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The site */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteEntry"];
                };
            };
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    updateSite: {
        parameters: {
            query?: {
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path: {
                /** @description A site id (case-insensitive). */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SiteBodyUpdate"];
            };
        };
        responses: {
            /** @description The site */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteEntry"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    deleteSite: {
        parameters: {
            query?: {
                /**
                 * @description Skip the trashcan: the node and everything below it are gone for good, their content
                 *     released. As in Alfresco, `permanent=true` is allowed only to administrators and the
                 *     node's owner (anyone else gets 403, even with Delete permission). Without it the node
                 *     and its subtree go to the trashcan (`/deleted-nodes`), from where they can be restored.
                 */
                permanent?: boolean;
            };
            header?: never;
            path: {
                /** @description A site id (case-insensitive). */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            409: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    listSiteContainers: {
        parameters: {
            query?: {
                /** @description How many entries to skip (at most 2147483647, Alfresco's int). */
                skipCount?: components["parameters"]["skipCount"];
                /**
                 * @description The largest number of entries to return. Values up to 2147483647 (Alfresco's int) are accepted;
                 *     a page holds at most 1000 entries, and `pagination.maxItems` of the answer gives the value used.
                 */
                maxItems?: components["parameters"]["maxItems"];
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path: {
                /** @description A site id (case-insensitive). */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of containers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteContainerPaging"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    getSiteContainer: {
        parameters: {
            query?: {
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path: {
                /** @description A site id (case-insensitive). */
                siteId: components["parameters"]["siteId"];
                /** @description The container's folder id, for example `documentLibrary`. */
                containerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The container */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteContainerEntry"];
                };
            };
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    listSiteMemberships: {
        parameters: {
            query?: {
                /** @description How many entries to skip (at most 2147483647, Alfresco's int). */
                skipCount?: components["parameters"]["skipCount"];
                /**
                 * @description The largest number of entries to return. Values up to 2147483647 (Alfresco's int) are accepted;
                 *     a page holds at most 1000 entries, and `pagination.maxItems` of the answer gives the value used.
                 */
                maxItems?: components["parameters"]["maxItems"];
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path: {
                /** @description A site id (case-insensitive). */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of members */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteMemberPaging"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    createSiteMembership: {
        parameters: {
            query?: {
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path: {
                /** @description A site id (case-insensitive). */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SiteMembershipBodyCreate"] | components["schemas"]["SiteMembershipBodyCreate"][];
            };
        };
        responses: {
            /** @description The member (a list for an array body) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteMemberEntry"] | components["schemas"]["SiteMemberPaging"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            409: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    getSiteMembership: {
        parameters: {
            query?: {
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path: {
                /** @description A site id (case-insensitive). */
                siteId: components["parameters"]["siteId"];
                /** @description A person id, or `-me-` for the caller. */
                personId: components["parameters"]["personId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The member */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteMemberEntry"];
                };
            };
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    updateSiteMembership: {
        parameters: {
            query?: {
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
            };
            header?: never;
            path: {
                /** @description A site id (case-insensitive). */
                siteId: components["parameters"]["siteId"];
                /** @description A person id, or `-me-` for the caller. */
                personId: components["parameters"]["personId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SiteMembershipBodyUpdate"];
            };
        };
        responses: {
            /** @description The member */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteMemberEntry"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            422: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    deleteSiteMembership: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A site id (case-insensitive). */
                siteId: components["parameters"]["siteId"];
                /** @description A person id, or `-me-` for the caller. */
                personId: components["parameters"]["personId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            422: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    getSiteMembershipRequests: {
        parameters: {
            query?: {
                /** @description How many entries to skip (at most 2147483647, Alfresco's int). */
                skipCount?: components["parameters"]["skipCount"];
                /**
                 * @description The largest number of entries to return. Values up to 2147483647 (Alfresco's int) are accepted;
                 *     a page holds at most 1000 entries, and `pagination.maxItems` of the answer gives the value used.
                 */
                maxItems?: components["parameters"]["maxItems"];
                /**
                 * @description Only return these top-level fields of each entry (plus those named in `include`). The
                 *     deprecated name `properties` is read too; `fields` wins when both are given.
                 */
                fields?: components["parameters"]["fields"];
                /** @description `(siteId='…')`, `(personId='…')`, or both joined with AND. */
                where?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of requests */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteMembershipRequestWithPersonPaging"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    approveSiteMembershipRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A site id (case-insensitive). */
                siteId: components["parameters"]["siteId"];
                /** @description The id of the person who asked to join. */
                inviteeId: components["parameters"]["inviteeId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["SiteMembershipApprovalBody"];
            };
        };
        responses: {
            /** @description Approved */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    rejectSiteMembershipRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A site id (case-insensitive). */
                siteId: components["parameters"]["siteId"];
                /** @description The id of the person who asked to join. */
                inviteeId: components["parameters"]["inviteeId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["SiteMembershipRejectionBody"];
            };
        };
        responses: {
            /** @description Rejected */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            default: components["responses"]["Error"];
        };
    };
    getOrgUnitSubunits: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A unit id (letters, digits, `_ . -`, at most 64), or `-root-` for the root unit. */
                id: components["parameters"]["orgUnitIdWithAlias"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The unit; each child without `children`, `hasChild` when it has children of its own */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrgUnitEnvelope"];
                };
            };
            400: components["responses"]["OrgChartError"];
            401: components["responses"]["OrgChartError"];
            404: components["responses"]["OrgChartError"];
            default: components["responses"]["OrgChartError"];
        };
    };
    listOrgUnitMembers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A unit id (letters, digits, `_ . -`, at most 64), or `-root-` for the root unit. */
                id: components["parameters"]["orgUnitIdWithAlias"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The members */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrgMemberListEnvelope"];
                };
            };
            400: components["responses"]["OrgChartError"];
            401: components["responses"]["OrgChartError"];
            404: components["responses"]["OrgChartError"];
            default: components["responses"]["OrgChartError"];
        };
    };
    createOrgUnitMembership: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A unit id (letters, digits, `_ . -`, at most 64), or `-root-` for the root unit. */
                id: components["parameters"]["orgUnitIdWithAlias"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrgUnitMembershipBodyCreate"];
            };
        };
        responses: {
            /** @description The new member */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrgMemberListItemEnvelope"];
                };
            };
            400: components["responses"]["OrgChartError"];
            401: components["responses"]["OrgChartError"];
            403: components["responses"]["OrgChartError"];
            404: components["responses"]["OrgChartError"];
            409: components["responses"]["OrgChartError"];
            default: components["responses"]["OrgChartError"];
        };
    };
    deleteOrgUnitMembership: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A unit id (letters, digits, `_ . -`, at most 64), or `-root-` for the root unit. */
                id: components["parameters"]["orgUnitIdWithAlias"];
                /** @description A person id (at most 100 characters, no `/ \ "` or line breaks), or `-me-` for the caller. */
                username: components["parameters"]["orgUsername"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed (`data` is null) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrgEmptyEnvelope"];
                };
            };
            400: components["responses"]["OrgChartError"];
            401: components["responses"]["OrgChartError"];
            403: components["responses"]["OrgChartError"];
            404: components["responses"]["OrgChartError"];
            default: components["responses"]["OrgChartError"];
        };
    };
    createOrgUnit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrgUnitBodyCreate"];
            };
        };
        responses: {
            /** @description The unit */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrgUnitEnvelope"];
                };
            };
            400: components["responses"]["OrgChartError"];
            401: components["responses"]["OrgChartError"];
            403: components["responses"]["OrgChartError"];
            404: components["responses"]["OrgChartError"];
            409: components["responses"]["OrgChartError"];
            default: components["responses"]["OrgChartError"];
        };
    };
    updateOrgUnit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A unit id (letters, digits, `_ . -`, at most 64), or `-root-` for the root unit. */
                id: components["parameters"]["orgUnitIdWithAlias"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrgUnitBodyUpdate"];
            };
        };
        responses: {
            /** @description The unit with its children */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrgUnitEnvelope"];
                };
            };
            400: components["responses"]["OrgChartError"];
            401: components["responses"]["OrgChartError"];
            403: components["responses"]["OrgChartError"];
            404: components["responses"]["OrgChartError"];
            default: components["responses"]["OrgChartError"];
        };
    };
    deleteOrgUnit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A unit id (letters, digits, `_ . -`, at most 64), or `-root-` for the root unit. */
                id: components["parameters"]["orgUnitIdWithAlias"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted (`data` is null) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrgEmptyEnvelope"];
                };
            };
            400: components["responses"]["OrgChartError"];
            401: components["responses"]["OrgChartError"];
            403: components["responses"]["OrgChartError"];
            404: components["responses"]["OrgChartError"];
            409: components["responses"]["OrgChartError"];
            default: components["responses"]["OrgChartError"];
        };
    };
    getOrgMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A person id (at most 100 characters, no `/ \ "` or line breaks), or `-me-` for the caller. */
                username: components["parameters"]["orgUsername"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The member */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrgMemberEnvelope"];
                };
            };
            400: components["responses"]["OrgChartError"];
            401: components["responses"]["OrgChartError"];
            404: components["responses"]["OrgChartError"];
            default: components["responses"]["OrgChartError"];
        };
    };
    setOrgMemberJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A person id (at most 100 characters, no `/ \ "` or line breaks), or `-me-` for the caller. */
                username: components["parameters"]["orgUsername"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrgMemberJobBody"];
            };
        };
        responses: {
            /** @description The member */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrgMemberEnvelope"];
                };
            };
            400: components["responses"]["OrgChartError"];
            401: components["responses"]["OrgChartError"];
            403: components["responses"]["OrgChartError"];
            404: components["responses"]["OrgChartError"];
            default: components["responses"]["OrgChartError"];
        };
    };
    deleteOrgMemberJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A person id (at most 100 characters, no `/ \ "` or line breaks), or `-me-` for the caller. */
                username: components["parameters"]["orgUsername"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The member, without a job */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrgMemberEnvelope"];
                };
            };
            400: components["responses"]["OrgChartError"];
            401: components["responses"]["OrgChartError"];
            403: components["responses"]["OrgChartError"];
            404: components["responses"]["OrgChartError"];
            default: components["responses"]["OrgChartError"];
        };
    };
    listOrgJobs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The jobs */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrgJobListEnvelope"];
                };
            };
            401: components["responses"]["OrgChartError"];
            default: components["responses"]["OrgChartError"];
        };
    };
    createOrgJob: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrgJobBodyCreate"];
            };
        };
        responses: {
            /** @description The job */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrgJobEnvelope"];
                };
            };
            400: components["responses"]["OrgChartError"];
            401: components["responses"]["OrgChartError"];
            403: components["responses"]["OrgChartError"];
            409: components["responses"]["OrgChartError"];
            default: components["responses"]["OrgChartError"];
        };
    };
    updateOrgJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A job id (letters, digits, `_ . -`, at most 64). */
                id: components["parameters"]["orgJobId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrgJobBodyUpdate"];
            };
        };
        responses: {
            /** @description The job */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrgJobEnvelope"];
                };
            };
            400: components["responses"]["OrgChartError"];
            401: components["responses"]["OrgChartError"];
            403: components["responses"]["OrgChartError"];
            404: components["responses"]["OrgChartError"];
            default: components["responses"]["OrgChartError"];
        };
    };
    deleteOrgJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A job id (letters, digits, `_ . -`, at most 64). */
                id: components["parameters"]["orgJobId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted (`data` is null) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrgEmptyEnvelope"];
                };
            };
            400: components["responses"]["OrgChartError"];
            401: components["responses"]["OrgChartError"];
            403: components["responses"]["OrgChartError"];
            404: components["responses"]["OrgChartError"];
            409: components["responses"]["OrgChartError"];
            default: components["responses"]["OrgChartError"];
        };
    };
}
