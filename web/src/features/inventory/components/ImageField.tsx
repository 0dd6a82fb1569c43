import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Upload } from 'antd';
import { useToast } from '../../../lib/toast';
import { useUploadImage } from '../hooks';

// spec §5: JPEG, JPG, PNG, GIF, WebP, BMP or TIFF up to 10MB (the server checks the content again).
const IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/webp', 'image/bmp', 'image/tiff'];
const IMAGE_EXTENSIONS = /\.(jpe?g|png|gif|webp|bmp|tiff?)$/i;
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

interface ImageFieldProps {
  /** Set by Form.Item, so its label points at the upload button. */
  id?: string;
  value?: string | null;
  onChange?: (url: string | null) => void;
}

/** Upload on choice; the form keeps only the returned URL. */
export function ImageField({ id, value, onChange }: ImageFieldProps) {
  const toast = useToast();
  const upload = useUploadImage();

  function beforeUpload(file: File) {
    const knownType = file.type ? IMAGE_TYPES.includes(file.type) : IMAGE_EXTENSIONS.test(file.name);
    if (!knownType) {
      toast({
        title: 'Invalid file type',
        description: 'Please select a valid image file (JPEG, PNG, GIF, WebP, BMP, TIFF)',
        variant: 'destructive',
      });
    } else if (file.size > MAX_IMAGE_BYTES) {
      toast({ title: 'File too large', description: 'Please select an image smaller than 10MB', variant: 'destructive' });
    } else {
      upload.mutate(file, { onSuccess: ({ url }) => onChange?.(url) });
    }
    return false;
  }

  return (
    <Flex vertical gap={8} align="flex-start">
      {value && (
        <img
          src={value}
          alt="Item image preview"
          data-testid="image-preview"
          width={120}
          height={120}
          style={{ borderRadius: 8, objectFit: 'cover' }}
        />
      )}
      <Flex gap={8} wrap>
        <Upload accept={IMAGE_TYPES.join(',')} showUploadList={false} beforeUpload={beforeUpload} maxCount={1}>
          <Button id={id} icon={<UploadOutlined />} loading={upload.isPending}>
            {upload.isPending ? 'Uploading...' : value ? 'Replace Image' : 'Upload Image'}
          </Button>
        </Upload>
        {value && (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)} disabled={upload.isPending}>
            Remove Image
          </Button>
        )}
      </Flex>
    </Flex>
  );
}
