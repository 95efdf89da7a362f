import { Column, DataType, Model, Table } from 'sequelize-typescript';

export type ImageKind = 'bank-card-photo' | 'promo-image' | 'kyc-document';
export type ImageVisibility = 'private' | 'public';

/**
 * An image stored through shared/integrations/storage.ts under a random key: who it is served to
 * (`private`: its owner and administrators, through an authenticated endpoint; `public`: under
 * PUBLIC_ASSET_BASE_URL) and, once the image worker ran, its resized copy and thumbnail.
 */
@Table({ tableName: 'uploaded_images', timestamps: true, updatedAt: false })
export class UploadedImage extends Model {
  /** BIGSERIAL: pg returns it as a string. */
  declare id: string;
  @Column({ type: DataType.STRING(120), allowNull: false }) storageKey!: string;
  @Column({ type: DataType.STRING(20), allowNull: false }) kind!: ImageKind;
  @Column({ type: DataType.STRING(10), allowNull: false }) visibility!: ImageVisibility;
  @Column({ type: DataType.STRING(30), allowNull: false }) siteCode!: string;
  @Column({ type: DataType.INTEGER }) ownerUserId!: number | null;
  @Column({ type: DataType.STRING(10), allowNull: false }) format!: string;
  @Column({ type: DataType.INTEGER, allowNull: false }) width!: number;
  @Column({ type: DataType.INTEGER, allowNull: false }) height!: number;
  @Column({ type: DataType.INTEGER, allowNull: false }) bytes!: number;
  @Column({ type: DataType.STRING(120) }) resizedKey!: string | null;
  @Column({ type: DataType.STRING(120) }) thumbnailKey!: string | null;
  @Column({ type: DataType.DATE }) processedAt!: Date | null;
  declare createdAt: Date;
}
