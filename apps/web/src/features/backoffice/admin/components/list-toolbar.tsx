import Input from 'antd/es/input';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_NAMESPACE } from '../lib/admin-i18n.ts';

/** Above a list: the search box, the filters and the list's main action. */
export function ListToolbar({
  search,
  onSearch,
  children,
  action,
}: {
  search: string;
  onSearch?: (value: string) => void;
  children?: ReactNode;
  action?: ReactNode;
}) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  return (
    <div className="admin-toolbar">
      {onSearch && (
        <Input.Search
          key={search}
          className="admin-toolbar__search"
          defaultValue={search}
          placeholder={t('common.searchPlaceholder')}
          aria-label={t('common.search')}
          enterButton={t('common.search')}
          allowClear
          onSearch={(value) => onSearch(value.trim())}
        />
      )}
      {children}
      {action && <div className="admin-toolbar__action">{action}</div>}
    </div>
  );
}
