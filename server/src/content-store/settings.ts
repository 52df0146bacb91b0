/** Where CONTENT_STORE=s3 keeps content; credentials come from the AWS SDK's default chain. */
export interface S3StoreSettings {
  readonly endpoint: string | undefined;
  readonly bucket: string;
  readonly region: string;
  /** '' or ending with '/'. */
  readonly prefix: string;
  readonly forcePathStyle: boolean;
}

/** The content store: files under DATA_DIR/content, or an S3-compatible bucket (ADR 0020). */
export type ContentStoreSettings = { readonly kind: 'fs' } | ({ readonly kind: 's3' } & S3StoreSettings);
