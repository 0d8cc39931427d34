import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useIntl } from 'react-intl';

/** Move up / move down for one row of an ordered list; `name` tells a screen reader which row. */
export function OrderButtons({ index, count, name, onMove }: { index: number; count: number; name: string; onMove: (step: -1 | 1) => void }) {
  const intl = useIntl();
  return (
    <Space size={0}>
      <Button
        type="text"
        size="small"
        icon={<ArrowUpOutlined />}
        disabled={index === 0}
        aria-label={intl.formatMessage({ id: 'entryForm.console.moveUp' }, { name })}
        onClick={() => onMove(-1)}
      />
      <Button
        type="text"
        size="small"
        icon={<ArrowDownOutlined />}
        disabled={index === count - 1}
        aria-label={intl.formatMessage({ id: 'entryForm.console.moveDown' }, { name })}
        onClick={() => onMove(1)}
      />
    </Space>
  );
}
