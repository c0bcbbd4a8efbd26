import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { curlFor, describeSchema, type Operation } from '../utils/operations.ts';
import { CodeBlock } from './code-block.tsx';

/** One route: method, path and summary; opened, its auth and cache note, parameters, a runnable curl and the answer's schema. */
export function OperationCard({ op, origin }: { op: Operation; origin: string }) {
  return (
    <Accordion
      disableGutters
      data-testid={`operation-${op.operationId}`}
      slotProps={{ transition: { unmountOnExit: true } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, minWidth: 0 }}>
          <Chip size="small" label={op.method} color={op.method === 'GET' ? 'primary' : 'default'} />
          <Typography component="code" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
            {op.path}
          </Typography>
          {op.needsToken && (
            <Chip size="small" variant="outlined" label={op.takesKey ? 'key or token' : 'session only'} />
          )}
          <Typography variant="body2" color="text.secondary" sx={{ flexBasis: '100%' }}>
            {op.summary}
          </Typography>
        </Box>
      </AccordionSummary>
      <AccordionDetails sx={{ display: 'grid', gap: 1.5 }}>
        {op.note && <Typography variant="body2">{op.note}</Typography>}
        {op.parameters.length > 0 && (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={`Parameters of ${op.operationId}`}>
              <TableHead>
                <TableRow>
                  <TableCell>Parameter</TableCell>
                  <TableCell>Takes</TableCell>
                  <TableCell>Example</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {op.parameters.map((p) => (
                  <TableRow key={p.name}>
                    <TableCell>
                      <code>{p.name}</code>
                      {p.required ? ' (required)' : ''}
                    </TableCell>
                    <TableCell>{describeSchema(p.schema)}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>{p.example ?? ''}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
        <CodeBlock code={curlFor(op, origin)} label={`curl for ${op.operationId}`} />
        <details>
          <summary>Answer schema (JSON Schema)</summary>
          <CodeBlock code={JSON.stringify(op.response, null, 2)} label={`Answer schema of ${op.operationId}`} />
        </details>
      </AccordionDetails>
    </Accordion>
  );
}
