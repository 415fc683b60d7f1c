import mongoose, { Schema } from 'mongoose';
import { tenantModel } from '../shared/tenant';

/** A product of the connexity source; `_id` is the product id. Prices in USD with 2 decimals. */
export interface ProductRecord {
  _id: string;
  title: string;
  manufacturer: string;
  price: number;
  originalPrice: number;
  merchantId: string;
  categoryId: string;
  landingUrl: string;
}

const productSchema = new Schema<ProductRecord>(
  {
    _id: { type: String, required: true },
    title: { type: String, required: true },
    manufacturer: { type: String, required: true },
    price: { type: Number, required: true },
    /** Equal to price unless the product is on offer. */
    originalPrice: { type: Number, required: true },
    merchantId: { type: String, required: true },
    categoryId: { type: String, required: true },
    /** The product page on the merchant's site. */
    landingUrl: { type: String, required: true },
  },
  { collection: 'products', versionKey: false },
);

export const ProductModel = tenantModel(mongoose.model('Product', productSchema));
