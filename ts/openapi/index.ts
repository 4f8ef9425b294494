/** The OpenAPI 3.1 document of the service and its route. */
export {
  API_VERSION,
  buildOpenApiDocument,
  COMPONENT_SCHEMAS,
  type Access,
  type DocumentedRoute,
  type OperationDoc,
  type SchemaName,
} from './document.js';
export { beamDiagramExamples, beamSolveExamples, mcpExamples, trussDiagramExamples, trussSolveExamples, type Example } from './examples.js';
