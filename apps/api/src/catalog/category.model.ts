import mongoose, { Schema } from 'mongoose';
import { tenantModel } from '../shared/tenant';

/** A node of the category tree; `_id` is the category id. Top-level nodes have parentId null. */
export interface CategoryRecord {
  _id: string;
  name: string;
  parentId: string | null;
  position: number;
}

const categorySchema = new Schema<CategoryRecord>(
  {
    _id: { type: String, required: true },
    name: { type: String, required: true },
    parentId: { type: String, default: null },
    /** Order among siblings. */
    position: { type: Number, required: true },
  },
  { collection: 'categories', versionKey: false },
);

export const CategoryModel = tenantModel(mongoose.model('Category', categorySchema));
